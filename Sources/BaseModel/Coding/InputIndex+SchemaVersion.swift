extension InputIndex {
    /// Whether a value of `type` can be read from this index as it is: `type` is not a
    /// ``Model``, the root is not a dictionary or object (it has no version), or the root
    /// records the model's ``Model/schemaVersion`` (`$schemaVersion`, absent for version 1).
    /// When it is not, the codec reads the tree instead, which migrates older data and refuses
    /// newer data (``Model/readable(_:)``).
    ///
    /// Complexity: one conformance check (cached by the runtime) and a look-up among the root's
    /// keys; nothing else of the file is touched.
    func isAtSchemaVersion<T>(of type: T.Type) -> Bool {
        guard let model = type as? any Model.Type else { return true }
        let rootNode = self[root]
        guard rootNode.kind == .dictionary || rootNode.kind == .object else { return true }
        guard let recorded = value(of: root, forKey: TypedTree.schemaVersionKey, request: -1) else { return model.schemaVersion == 1 }
        return scalar(recorded) == .integer(Int64(model.schemaVersion))
    }
}

extension InputIndex {
    /// The schema version the root records (`$schemaVersion`): 1 when it records none or is not
    /// a dictionary or object, as ``Model/migrated(_:announcing:)`` reads a tree's.
    ///
    /// Complexity: a look-up among the root's keys.
    ///
    /// - Throws: ``ModelError/Reason/typeMismatch(expected:found:)`` at `$schemaVersion` when the
    ///   recorded version is not a positive integer.
    func recordedSchemaVersion() throws(ModelError) -> Int {
        let rootNode = self[root]
        guard rootNode.kind == .dictionary || rootNode.kind == .object,
            let node = value(of: root, forKey: TypedTree.schemaVersionKey, request: -1)
        else { return 1 }
        let recorded = self[node]
        guard recorded.kind == .integer, recorded.integer >= 1, recorded.integer <= Int64(Int32.max) else {
            let value = (try? tree(at: node)) ?? .null
            throw ModelError(
                .typeMismatch(expected: "a schema version (a positive integer)", found: value.kindName),
                path: ModelPath([.key(TypedTree.schemaVersionKey)]), excerpt: value.excerpt)
        }
        return Int(recorded.integer)
    }

    /// The root's entries whose keys are not among `known` (and not `$class` or
    /// `$schemaVersion`), each as a tree of values (``tree(at:)``); empty when the root is not a
    /// dictionary or object. Nothing else of the graph is built.
    ///
    /// - Throws: ``ModelError`` when such an entry holds a cycle or expands past the limits.
    func rootEntries(notIn known: Set<String>) throws(ModelError) -> [(String, ModelValue)] {
        let rootNode = self[root]
        var entries: [(String, ModelValue)] = []
        func add(_ key: String, _ node: Int32) throws(ModelError) {
            guard node != InputIndex.absent, key != TypedTree.classKey, key != TypedTree.schemaVersionKey,
                !known.contains(key)
            else { return }
            entries.append((key, try tree(at: node)))
        }
        switch rootNode.kind {
        case .object:
            for (key, position) in zip(classes[rootNode.index].keys, childRange(of: rootNode)) { try add(key, child(position)) }
        case .dictionary:
            for position in 0..<Int(rootNode.count) {
                let (key, node) = entry(of: root, at: position)
                try add(key, node)
            }
        default:
            break
        }
        return entries
    }
}
