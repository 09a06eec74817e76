/// Decoding identified models for the identity map.
extension TreeDecoder {
    /// Decodes a model from `value`, with the keys missing from `value` taken from `base` (the
    /// live value's plain tree) instead of `init()`'s defaults: that is the merge. In a plain
    /// tree there is no base.
    func decodeIdentified<M: Model>(
        _ type: M.Type, from value: ModelValue, component: ModelPath.Component?, base: ModelValue?
    ) throws -> M {
        if plain {
            return try M(from: TreeDecoder(
                state: state, value: value, parent: self, component: component, schema: nil,
                keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: coercion, plain: true))
        }
        let schema = ModelSchema.of(M.self)
        let child = TreeDecoder(
            state: state, value: value, parent: self, component: component, schema: schema,
            keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
        child.baseTree = base
        return try M(from: child)
    }
}
