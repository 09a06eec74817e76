/// The reserved keys of typed trees (HRCoder's names, shared by every object-graph format).
enum GraphKeys {
    /// The registered type name of a typed object.
    static let typeName = "$class"
    /// A dotted key path to an object met before.
    static let alias = "$alias"
    /// The key path naming the root object.
    static let root = "$root"

    /// The dotted key path of a position, as aliases spell it: `items.0.label`, `$root` for the root.
    static func keyPath(_ path: ModelPath) -> String {
        guard !path.components.isEmpty else { return root }
        return path.components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
    }

    /// The value at a dotted key path in `tree` (numeric steps index arrays), or `nil`.
    static func resolve(_ keyPath: String, in tree: ModelValue) -> ModelValue? {
        if keyPath == root { return tree }
        var current = tree
        for step in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .dictionary(let entries):
                guard let next = entries[String(step)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(step), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The steps of a dotted key path as a ``ModelPath`` (numeric steps as indices).
    static func modelPath(_ keyPath: String) -> ModelPath {
        guard keyPath != root else { return .root }
        return ModelPath(keyPath.split(separator: ".", omittingEmptySubsequences: false).map { step in
            Int(step).map(ModelPath.Component.index) ?? .key(String(step))
        })
    }
}
