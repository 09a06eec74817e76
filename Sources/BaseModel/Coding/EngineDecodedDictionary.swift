/// A string-keyed dictionary the engine decodes entry by entry itself, instead of through
/// `Dictionary.init(from:)` and a keyed container (a coding key, a lookup and a boxed call per
/// entry): each value goes through the same `decodeChild` the container would call, with the
/// same paths and errors, and the capacity is reserved up front.
protocol EngineDecodedDictionary {
    /// Decodes the dictionary `decoder` reads, as `type` (which is `Self`).
    ///
    /// - Throws: ``ModelError`` as `init(from:)` does: a value that is not a dictionary, or a
    ///   value that does not fit, with its key in the path.
    static func decodeEntries<T>(as type: T.Type, from decoder: TreeDecoder) throws -> T
}

extension Dictionary: EngineDecodedDictionary where Key == String, Value: Decodable {
    static func decodeEntries<T>(as type: T.Type, from decoder: TreeDecoder) throws -> T {
        var result = Self()
        switch decoder.input {
        case .value(.dictionary(let entries)) where decoder.state.graph == nil:
            // (A typed tree's dictionary may be an `$alias` or hold a `$class`: its keyed
            // container resolves them. An index node of dictionary shape holds neither.)
            result.reserveCapacity(entries.count)
            for (key, value) in entries {
                result[key] = try decoder.decodeChild(Value.self, from: value, component: .key(key))
            }
        case .node(let node) where decoder.state.index!.shape(of: node) == .dictionary:
            // In document order; a key met twice keeps its last value, as `init(from:)` gives.
            let index = decoder.state.index!
            let count = index.entryCount(of: node)
            result.reserveCapacity(count)
            for position in 0..<count {
                let (key, value) = index.entry(of: node, at: position)
                result[key] = try decoder.decodeChild(Value.self, node: value, component: .key(key))
            }
        default:
            // Not a dictionary: `init(from:)` throws the error the container would.
            return unsafeBitCast(try Self(from: decoder), to: T.self)
        }
        return unsafeBitCast(result, to: T.self)
    }
}
