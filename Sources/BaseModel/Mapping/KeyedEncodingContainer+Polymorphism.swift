extension KeyedEncodingContainer {
    /// Encodes `value` for `key` with `polymorphism`: each model in it as its own type, with its
    /// tag written where the polymorphism keeps it; a `nil` optional is left out. The twin of
    /// `KeyedDecodingContainer.decode(_:forKey:polymorphism:)`, for a hand-written `encode(to:)`.
    ///
    /// ```swift
    /// try container.encode(shapes, forKey: .shapes, polymorphism: .tag("kind", kinds))
    /// ```
    ///
    /// Any encoder writes the same tags: the library's own at the property's remote key,
    /// Foundation's `JSONEncoder` as a plain value.
    ///
    /// - Throws: ``ModelError`` when a value in it is not a model, or encoding a model fails.
    public mutating func encode<T>(_ value: T, forKey key: Key, polymorphism: Polymorphism) throws {
        if let optional = value as? any OptionalValue, optional.isNone {
            return try encodeIfPresent(Int?.none, forKey: key)
        }
        try encode(PolymorphicValue(value: value, polymorphism: polymorphism), forKey: key)
    }
}
