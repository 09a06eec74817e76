/// A model's defaults: its `init()` as a plain tree, and the types the tree cannot tell.
struct ModelDefaults: @unchecked Sendable {
    /// `init()` encoded in plain form (local keys, every property).
    var tree: ModelValue
    /// By path from the model, each model in `tree` whose type is not the one its place
    /// declares (a `Dog` default in a property typed `Animal`), so a default decodes as the
    /// subclass `init()` put there rather than as the declared type.
    var subclassTypes: [ModelPath: any Model.Type]

    /// No defaults.
    static let empty = ModelDefaults(tree: .dictionary([:]), subclassTypes: [:])

    /// Whether `other` is the same tree with the same types.
    func isSame(as other: ModelDefaults) -> Bool {
        tree.orderedEquals(other.tree)
            && subclassTypes.count == other.subclassTypes.count
            && subclassTypes.allSatisfy { path, type in
                other.subclassTypes[path].map { ObjectIdentifier($0) == ObjectIdentifier(type) } ?? false
            }
    }
}

extension [ModelPath: any Model.Type] {
    /// The entries below `component`, with their paths made relative to it.
    func below(_ component: ModelPath.Component) -> [ModelPath: any Model.Type] {
        var result: [ModelPath: any Model.Type] = [:]
        for (path, type) in self where path.components.first == component {
            result[ModelPath(Array(path.components.dropFirst()))] = type
        }
        return result
    }
}
