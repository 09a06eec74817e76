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
