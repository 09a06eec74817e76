extension IdentifiedModel {
    /// Reads the identifier from a payload at the identifier property's remote key path, through
    /// its transformer when it has one.
    ///
    /// - Throws: ``ModelError`` naming the key when the identifier is missing, null or of the
    ///   wrong kind.
    static func identifier(in payload: ModelValue, schema: ModelSchema, at position: ModelPath) throws(ModelError) -> ID {
        let plan = schema.plan(for: identifierKey)
        for alternative in plan.path.alternatives {
            guard var found = payload.following(alternative) else { continue }
            let keyPath = position.appending(ModelPath(alternative.map { .key($0.key) }))
            if let transformer = plan.transformer, !found.isNull {
                do {
                    found = try transformer.decode(found)
                } catch {
                    throw ModelError(.invalidValue("\(transformer.name): \(error)"), path: keyPath, excerpt: found.excerpt)
                }
            }
            guard let id = ID(treeValue: found, lenient: schema.coercion == .lenient) else {
                throw ModelError(
                    .typeMismatch(expected: "identifier of \(typeName) (\(ID.self))", found: found.kindName),
                    path: keyPath, excerpt: found.excerpt)
            }
            return id
        }
        throw ModelError(
            .missingValue(expected: "identifier of \(typeName) (\(ID.self))"),
            path: position.appending(ModelPath(plan.path.primary.map { .key($0.key) })))
    }

    /// Reads the identifier from a plain tree (local keys), as made for defaults and copies.
    static func plainIdentifier(in tree: ModelValue, at position: ModelPath) throws(ModelError) -> ID {
        let value = tree[identifierKey] ?? .null
        guard let id = ID(treeValue: value, lenient: false) else {
            throw ModelError(
                .typeMismatch(expected: "identifier of \(typeName) (\(ID.self))", found: value.kindName),
                path: position.appending(.key(identifierKey)), excerpt: value.excerpt)
        }
        return id
    }
}

extension ModelValue {
    /// The value at a remote key path's steps, or `nil` when a step is missing.
    func following(_ steps: [RemoteKeyPath.Component]) -> ModelValue? {
        var current = self
        for step in steps {
            switch current {
            case .dictionary(let entries):
                guard let next = entries[step.key] else { return nil }
                current = next
            case .array(let elements):
                guard let index = step.index, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
