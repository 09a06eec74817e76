/// Where a value sits in a tree: `statuses[3].user.screen_name`.
///
/// Paths name the keys of the *input* (remote keys), so an error points at the place in the
/// payload that a person can find.
public struct ModelPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// A dictionary key.
        case key(String)
        /// An array index.
        case index(Int)
    }

    /// The steps from the root, in order.
    package var components: [Component]

    /// Creates a path from its steps.
    package init(_ components: [Component] = []) { self.components = components }

    /// Creates a path from its steps.
    public init(arrayLiteral elements: Component...) { self.components = elements }

    /// The empty path, naming the root.
    package static let root = ModelPath()

    /// This path with one more step.
    package func appending(_ component: Component) -> ModelPath {
        ModelPath(components + [component])
    }

    /// This path with the steps of `other` after it.
    package func appending(_ other: ModelPath) -> ModelPath {
        ModelPath(components + other.components)
    }

    /// The path in dotted form: `statuses[3].user.screen_name`; the root is `<root>`.
    /// A key that is empty or contains `.`, `[` or `]` is written in brackets and quotes: `["a.b"]`.
    public var description: String {
        guard !components.isEmpty else { return "<root>" }
        var result = ""
        for component in components {
            switch component {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key) where key.isEmpty || key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" }):
                result += "[\(ModelValue.quoted(key))]"
            case .key(let key):
                result += result.isEmpty ? key : "." + key
            }
        }
        return result
    }
}
