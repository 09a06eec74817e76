/// Encoding a property with a ``Polymorphism``: each model in its value is encoded as its own
/// type, and its tag written where the polymorphism keeps it.
extension TreeEncoder {
    /// `value` (a model or ``ModelCases`` enum, or an optional, array or dictionary of them) as a
    /// tree below this
    /// encoder at `component`, each model tagged.
    ///
    /// - Throws: ``ModelError`` when a value in it is not a model, or encoding a model fails.
    func polymorphicTree<T>(_ value: T, component: ModelPath.Component, polymorphism: Polymorphism) throws -> ModelValue {
        if let holder = T.self as? any PolymorphicHolder.Type {
            return try holder.polymorphicTree(of: value, in: self, component: component, polymorphism: polymorphism)
        }
        guard let model = (value as? any ModelCases)?.model ?? (value as? any Model) else {
            throw ModelError(.unsupported("a polymorphic property holds models only, not \(T.self)"), path: path.appending(component))
        }
        // Encoded as its own type, not as the property's: a subclass writes its own properties.
        func tree<M: Model>(_ model: M) throws -> ModelValue { try boxedTree(model, component: component) }
        return polymorphism.tagged(try tree(model), type: Swift.type(of: model))
    }

    /// `value` (a model, or an optional, array or dictionary of them) as a tagged tree, from an
    /// engine encoder of its own: for an encoder that is not the engine's (Foundation's), whose
    /// `codingPath` is `codingPath`; errors carry that path first.
    ///
    /// - Throws: ``ModelError`` as ``polymorphicTree(_:component:polymorphism:)``.
    static func polymorphicTree<T>(_ value: T, polymorphism: Polymorphism, at codingPath: [any CodingKey]) throws -> ModelValue {
        let root = TreeEncoder(
            state: EncodingState(), writer: TreeWriter(), parent: nil, component: nil, schema: nil, planOrder: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, plain: false)
        let prefix = ModelPath(codingPath.dropLast().map(\.pathComponent))
        do {
            return try root.polymorphicTree(
                value, component: codingPath.last?.pathComponent ?? .key(""), polymorphism: polymorphism)
        } catch var error as ModelError {
            error.path = prefix.appending(error.path)
            throw error
        }
    }
}
