/// The keys of one dictionary written so far, for writers that cannot replace a value: a known
/// property is one bit (its plan's ordinal), any other key goes to a set made when first needed.
struct WrittenKeys {
    private final class Others {
        var ordinals: Set<Int> = []
        var keys: Set<String> = []
    }

    private var ordinals: UInt64 = 0
    private var others: Others?

    /// Notes `key`; `false` when it was written before.
    ///
    /// - Parameters:
    ///   - ordinal: The key's plan ordinal, when it belongs to a known property.
    ///   - schema: The model's schema: a key with no ordinal may still be a known property's key.
    mutating func insert(_ key: String, ordinal: Int?, schema: ModelSchema?) -> Bool {
        if let ordinal, ordinal < 64 {
            let bit: UInt64 = 1 << UInt64(ordinal)
            if ordinals & bit != 0 { return false }
            ordinals |= bit
            return true
        }
        let others = self.others ?? Others()
        self.others = others
        guard let ordinal = ordinal ?? schema?.ordinal(ofEncodedKey: key) else { return others.keys.insert(key).inserted }
        guard ordinal < 64 else { return others.ordinals.insert(ordinal).inserted }
        return insert(key, ordinal: ordinal, schema: schema)
    }

    /// Forgets `key` again (its value failed to encode).
    mutating func remove(_ key: String, ordinal: Int?, schema: ModelSchema?) {
        guard let ordinal = ordinal ?? schema?.ordinal(ofEncodedKey: key) else {
            others?.keys.remove(key)
            return
        }
        if ordinal < 64 { ordinals &= ~(1 << UInt64(ordinal)) } else { others?.ordinals.remove(ordinal) }
    }
}
