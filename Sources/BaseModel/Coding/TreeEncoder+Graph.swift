import OrderedCollections

/// What an encode of a typed tree remembers: the registry that names types and the key path
/// where each class instance was first written. The instances are retained so their identities
/// stay unique for the whole encode.
final class GraphWriting {
    let registry: ModelRegistry
    var firstPaths: [ObjectIdentifier: String] = [:]
    var retained: [AnyObject] = []

    init(registry: ModelRegistry) {
        self.registry = registry
    }
}

/// Writing typed trees: `$class` first in every model dictionary, `$alias` for a class instance
/// met again (registered before its children, so a back-reference to an ancestor is an alias too).
extension TreeEncoder {
    func boxGraphModel<T: Encodable>(_ value: T, component: ModelPath.Component?, graph: GraphWriting) throws -> ModelValue {
        let position = component.map { path.appending($0) } ?? path
        if Swift.type(of: value) is AnyClass {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let first = graph.firstPaths[id] { return [TypedTree.aliasKey: .string(first)] }
            graph.firstPaths[id] = TypedTree.keyPath(for: position)
            graph.retained.append(object)
        }
        // The dynamic type: a `Dog` in an `[Animal]` is written with Dog's schema and name.
        let dynamicType = (Swift.type(of: value) as? any Model.Type) ?? (T.self as! any Model.Type)
        let schema = ModelSchema.of(dynamicType)
        let child = TreeEncoder(
            state: state, node: EncodingNode(), parent: self, component: component, schema: schema,
            keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, plain: false)
        try value.encode(to: child)
        guard case .dictionary(let entries) = child.node.finished else { return child.node.finished }
        var typed = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count + 1)
        typed[TypedTree.classKey] = .string(graph.registry.name(of: dynamicType))
        for (key, entry) in entries where key != TypedTree.classKey { typed[key] = entry }
        return .dictionary(typed)
    }
}
