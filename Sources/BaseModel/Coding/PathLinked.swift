/// A coder linked to its parent by one path step, so the full path is built only when an error
/// or `codingPath` asks for it, never on the hot path.
protocol PathLinked: AnyObject {
    var parent: Self? { get }
    var component: ModelPath.Component? { get }
    /// Where the chain starts when its root is not the document's root.
    var pathPrefix: ModelPath? { get }
}

extension PathLinked {
    /// The path from the root to this coder's value.
    var path: ModelPath {
        var components: [ModelPath.Component] = []
        var node: Self? = self
        var prefix: ModelPath?
        while let current = node {
            if let component = current.component { components.append(component) }
            prefix = current.pathPrefix
            node = current.parent
        }
        return (prefix ?? .root).appending(ModelPath(components.reversed()))
    }

    /// The same path as coding keys, for `Decoder.codingPath`/`Encoder.codingPath`.
    var codingPath: [any CodingKey] { path.components.map(PathCodingKey.init) }
}
