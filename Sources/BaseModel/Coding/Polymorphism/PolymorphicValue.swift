/// A value of a polymorphic property (`[any Shape]`, `(any Shape)?`, …) with the polymorphism
/// that tags it, as one `Encodable` value: what `KeyedEncodingContainer.encode(_:forKey:polymorphism:)`
/// hands to the container, so that any encoder writes the tagged tree.
struct PolymorphicValue<Value>: Encodable, PolymorphicHolder {
    let value: Value
    let polymorphism: Polymorphism

    /// Under the engine, the tree of `value` with its tags, built below the encoder's parent so
    /// that paths and shared instances stay the engine's; under any other encoder, the same tree
    /// built by an engine encoder of its own, written as a plain value.
    func encode(to encoder: any Encoder) throws {
        let tree: ModelValue
        if let engine = encoder as? TreeEncoder, let parent = engine.parent, let component = engine.component {
            tree = try parent.polymorphicTree(value, component: component, polymorphism: polymorphism)
        } else {
            tree = try TreeEncoder.polymorphicTree(value, polymorphism: polymorphism, at: encoder.codingPath)
        }
        var container = encoder.singleValueContainer()
        try container.encode(tree)
    }

    /// The property's plan has a polymorphism too (a `@Model` type's `@Polymorphic`): this
    /// value's own polymorphism, the one the type's `encode(to:)` passed, tags it.
    static func decodePolymorphic(
        from input: DecoderInput, in decoder: TreeDecoder, component: ModelPath.Component,
        polymorphism: Polymorphism, remotePath: RemoteKeyPath
    ) throws -> Any? {
        throw ModelError(.unsupported("a polymorphic value is only written"), path: decoder.path(appending: component))
    }

    static func polymorphicTree(
        of value: Any, in encoder: TreeEncoder, component: ModelPath.Component, polymorphism: Polymorphism
    ) throws -> ModelValue {
        let boxed = value as! Self
        return try encoder.polymorphicTree(boxed.value, component: component, polymorphism: boxed.polymorphism)
    }
}
