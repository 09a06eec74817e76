/// An array the engine decodes element by element itself, instead of through `Array.init(from:)`
/// and an unkeyed container: each element goes through the same `decodeChild` the container
/// would call, with the same paths and errors, and the capacity is reserved up front.
protocol EngineDecodedArray {
    /// Decodes the array `decoder` reads, as `type` (which is `Self`).
    ///
    /// - Throws: ``ModelError`` as `init(from:)` does: a value that is not an array, or an element
    ///   that does not fit, with its index in the path.
    static func decodeElements<T>(as type: T.Type, from decoder: TreeDecoder) throws -> T
}

extension Array: EngineDecodedArray where Element: Decodable {
    static func decodeElements<T>(as type: T.Type, from decoder: TreeDecoder) throws -> T {
        // `Self`, not `[Element]`: the metadata comes with the call instead of a lookup.
        var result = Self()
        switch decoder.input {
        case .value(.array(let elements)):
            result.reserveCapacity(elements.count)
            for position in elements.indices {
                result.append(try decoder.decodeChild(Element.self, from: elements[position], component: .index(position)))
            }
        case .node(let node):
            let index = decoder.state.index!
            guard case .array(let count) = index.shape(of: node) else { return unsafeBitCast(try Self(from: decoder), to: T.self) }
            // An empty array stays the shared empty one (reserving, even nothing, is a generic
            // call that looks up the storage's metadata).
            if count == 0 { return unsafeBitCast(result, to: T.self) }
            result.reserveCapacity(count)
            // Models: their kind looked up once, not per element.
            if !decoder.plain, case .model(let schema) = decoder.state.kind(of: Element.self) {
                for position in 0..<count {
                    result.append(try decoder.decodeModel(
                        Element.self, node: index.element(of: node, at: position), component: .index(position), schema: schema,
                        defaultsFrom: nil))
                }
                return unsafeBitCast(result, to: T.self)
            }
            for position in 0..<count {
                result.append(try decoder.decodeChild(
                    Element.self, node: index.element(of: node, at: position), component: .index(position)))
            }
        default:
            // Not an array: `init(from:)` throws the error the container would.
            return unsafeBitCast(try Self(from: decoder), to: T.self)
        }
        return unsafeBitCast(result, to: T.self)
    }
}
