/// The keys of one dictionary written so far, for writers that cannot replace a value: a known
/// property is one bit (its plan's ordinal), any other key a set entry.
struct WrittenKeys {
    private var ordinals: UInt64 = 0
    private var moreOrdinals: Set<Int> = []
    private var others: Set<String> = []

    /// Notes `key`; `false` when it was written before.
    ///
    /// - Parameters:
    ///   - ordinal: The key's plan ordinal, when it belongs to a known property.
    ///   - schema: The model's schema: a key with no ordinal may still be a known property's key.
    mutating func insert(_ key: String, ordinal: Int?, schema: ModelSchema?) -> Bool {
        guard let ordinal = ordinal ?? schema?.ordinal(ofEncodedKey: key) else { return others.insert(key).inserted }
        guard ordinal < 64 else { return moreOrdinals.insert(ordinal).inserted }
        let bit: UInt64 = 1 << UInt64(ordinal)
        if ordinals & bit != 0 { return false }
        ordinals |= bit
        return true
    }

    /// Forgets `key` again (its value failed to encode).
    mutating func remove(_ key: String, ordinal: Int?, schema: ModelSchema?) {
        guard let ordinal = ordinal ?? schema?.ordinal(ofEncodedKey: key) else {
            others.remove(key)
            return
        }
        if ordinal < 64 { ordinals &= ~(1 << UInt64(ordinal)) } else { moreOrdinals.remove(ordinal) }
    }
}
