import OrderedCollections

/// Which parts of one model's input dictionary were read, for the report's unused keys.
final class UsageRecord {
    private final class Node {
        var isWhole = false
        var children: [String: Node] = [:]
    }

    private let entries: OrderedDictionary<String, ModelValue>
    private let root = Node()

    init(entries: OrderedDictionary<String, ModelValue>) {
        self.entries = entries
    }

    /// Marks the value at `components` (and everything under it) as read.
    func markRead(_ components: [RemoteKeyPath.Component]) {
        var node = root
        for component in components {
            if node.isWhole { return }
            if let child = node.children[component.key] {
                node = child
            } else {
                let child = Node()
                node.children[component.key] = child
                node = child
            }
        }
        node.isWhole = true
    }

    /// The keys under `path` that were never read, descending into values read only in part.
    func unusedKeys(under path: ModelPath) -> [ModelPath] {
        var unused: [ModelPath] = []
        collect(.dictionary(entries), node: root, path: path, into: &unused)
        return unused
    }

    private func collect(_ value: ModelValue, node: Node, path: ModelPath, into unused: inout [ModelPath]) {
        if node.isWhole { return }
        switch value {
        case .dictionary(let entries):
            for (key, child) in entries {
                let childPath = path.appending(.key(key))
                guard let childNode = node.children[key] else {
                    unused.append(childPath)
                    continue
                }
                collect(child, node: childNode, path: childPath, into: &unused)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let childPath = path.appending(.index(index))
                guard let childNode = node.children[String(index)] else {
                    unused.append(childPath)
                    continue
                }
                collect(element, node: childNode, path: childPath, into: &unused)
            }
        default:
            return
        }
    }
}
