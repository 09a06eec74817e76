extension KeyedDecodingContainer {
    /// Decodes the value for `key` with `polymorphism`: each model in it is the type its tag (or
    /// the polymorphism's hook) names. For a property typed with a protocol (`[any Shape]`,
    /// `(any Shape)?`, `[String: any Shape]`), a base class or a ``ModelCases`` enum, in a
    /// hand-written `init(from:)`; the `@Model` macro writes this call for `@Polymorphic`.
    ///
    /// ```swift
    /// shapes = try container.decode([any Shape].self, forKey: .shapes, polymorphism: .tag("kind", kinds))
    /// ```
    ///
    /// Under the library's decoders the property's mapping applies (its remote key, and its
    /// default when the key is absent, null or the hook drops the value); under any other decoder
    /// (Foundation's `JSONDecoder`) the value is read as a ``ModelValue`` and chosen the same way.
    /// An absent key or `null` is `nil` for an optional `T`.
    ///
    /// - Throws: ``ModelError`` with the path: ``ModelError/Reason/invalidValue(_:)`` naming an
    ///   unknown or missing tag when there is no fallback, ``ModelError/Reason/missingValue(expected:)``
    ///   for a required value with no default, or what decoding the chosen model throws.
    public func decode<T>(_ type: T.Type, forKey key: Key, polymorphism: Polymorphism) throws -> T {
        if let engine = try superDecoder(forKey: key) as? TreeDecoder {
            return try engine.decodeSuperPolymorphic(type, name: key.stringValue, polymorphism: polymorphism)
        }
        let tree = try decodeIfPresent(ModelValue.self, forKey: key)
        return try TreeDecoder.decodePolymorphic(type, from: tree, polymorphism: polymorphism, at: codingPath + [key])
    }
}
