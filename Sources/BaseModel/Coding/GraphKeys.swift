/// The reserved keys and key paths of typed trees, as the model coders use them. They are
/// HRCoder's conventions, shared by every object-graph format; ``HRTree`` holds the one
/// implementation.
enum GraphKeys {
    /// The registered type name of a typed object.
    static let typeName = HRTree.classKey
    /// A dotted key path to an object met before.
    static let alias = HRTree.aliasKey
    /// The key path naming the root object.
    static let root = HRTree.rootKeyPath

    /// The dotted key path of a position: `items.0.label`, `$root` for the root.
    static func keyPath(_ path: ModelPath) -> String { HRTree.keyPath(for: path) }

    /// The value at a dotted key path in `tree`, or `nil`.
    static func resolve(_ keyPath: String, in tree: ModelValue) -> ModelValue? { HRTree.resolve(keyPath, in: tree) }

    /// The steps of a dotted key path as a ``ModelPath`` (numeric steps as indices).
    static func modelPath(_ keyPath: String) -> ModelPath {
        guard keyPath != root else { return .root }
        return ModelPath(keyPath.split(separator: ".", omittingEmptySubsequences: false).map { step in
            HRTree.arrayIndex(step).map(ModelPath.Component.index) ?? .key(String(step))
        })
    }
}
