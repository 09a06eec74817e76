/// A coder linked to its parent by one path step, so the full path is built only when an error
/// or `codingPath` asks for it, never on the hot path.
protocol PathLinked: AnyObject {
    var parent: Self? { get }
    var component: ModelPath.Component? { get }
}

extension PathLinked {
    /// The path from the root to this coder's value.
    var path: ModelPath {
        var components: [ModelPath.Component] = []
        var node: Self? = self
        while let current = node {
            if let component = current.component { components.append(component) }
            node = current.parent
        }
        return ModelPath(components.reversed())
    }

    /// The same path as coding keys, for `Decoder.codingPath`/`Encoder.codingPath`.
    var codingPath: [any CodingKey] { path.components.map(PathCodingKey.init) }
}
