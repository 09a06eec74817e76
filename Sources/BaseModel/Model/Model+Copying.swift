extension Model {
    /// A deep copy: every property, uncodable ones included, copied through the tree, so nested
    /// class models are new instances too and the copy shares nothing mutable with the original.
    ///
    /// For a struct of value types this equals the original; for a class it is a new instance.
    /// `Live` properties are references, not values: the copy shares the original's live
    /// instances (from the map they belong to).
    ///
    /// - Throws: ``ModelError`` only when a hand-written `Codable` implementation fails.
    public func copy() throws(ModelError) -> Self {
        // A subclass in a property typed with its base class is recorded by path on the way out,
        // and decoded as itself on the way in: a plain tree names no types.
        let (tree, liveMap, types) = try TreeEncoder.encodePlainForCopy(self)
        return try TreeDecoder.decode(Self.self, from: tree, plain: true, report: nil, identityMap: liveMap, copiedTypes: types)
    }
}
