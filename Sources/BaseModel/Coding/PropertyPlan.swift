/// How one property is read and written. A class, so handing a plan around costs one retain.
final class PropertyPlan: Sendable {
    let path: RemoteKeyPath
    /// The remote key when the path is a single key with no fallbacks: the fast path.
    let singleKey: String?
    /// The key the encoder writes when the path it writes (the first alternative) is one step.
    let encodedKey: String?
    let transformer: ModelTransformer?
    let isUncodable: Bool
    /// The property's place among the schema's plans (declared properties first), which the
    /// encoder uses to see a key written twice without hashing it; `nil` for a key the schema
    /// does not know.
    let ordinal: Int?
    /// How the property's models are chosen by a tag in the input, if they are.
    let polymorphism: Polymorphism?
    /// Whether a missing key (or a value the polymorphism's hook drops) is an error: the
    /// property has no default (see ``ModelProperties/Property/isRequired``).
    let isRequired: Bool
    /// The key a scalar value of the property is written under with no further rule to apply
    /// (one step, no transformer, no tag, not `$class`): generated writing puts the key and the
    /// value straight to the writer.
    let scalarKey: String?

    init(
        path: RemoteKeyPath, transformer: ModelTransformer?, isUncodable: Bool, ordinal: Int? = nil,
        polymorphism: Polymorphism? = nil, isRequired: Bool = false
    ) {
        self.path = path
        self.singleKey = path.alternatives.count == 1 && path.primary.count == 1 ? path.primary[0].key : nil
        self.encodedKey = path.primary.count == 1 ? path.primary[0].key : nil
        self.transformer = transformer
        self.isUncodable = isUncodable
        self.ordinal = ordinal
        self.polymorphism = polymorphism
        self.isRequired = isRequired
        self.scalarKey = isUncodable || transformer != nil || polymorphism != nil || encodedKey == TypedTree.classKey ? nil : encodedKey
    }
}
