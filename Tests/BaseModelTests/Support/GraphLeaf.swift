@testable import BaseModel
import Foundation

/// A scalar of a file's graph and the key path to it, to edit in tests.
struct GraphLeaf {
    /// The key path, in the library's syntax (dots escaped).
    let path: RemoteKeyPath
    /// The scalar's node.
    let node: Int32

    /// The first scalar of one of `kinds` in document order (kinds in order of preference),
    /// or `nil` when the graph holds none (a scalar root has no key path).
    static func first(in graph: InputIndex, kinds: [InputIndex.Kind] = [.string, .integer, .bool, .double, .data, .date]) -> GraphLeaf? {
        var found: [InputIndex.Kind: GraphLeaf] = [:]
        var visited = Set<Int32>()
        func walk(_ node: Int32, _ components: [RemoteKeyPath.Component]) {
            let value = graph[node]
            if !value.kind.isContainer {
                // A scalar root has no key path.
                if !components.isEmpty, kinds.contains(value.kind), found[value.kind] == nil {
                    found[value.kind] = GraphLeaf(path: RemoteKeyPath(components: components), node: node)
                }
                return
            }
            guard visited.insert(node).inserted else { return }
            switch value.kind {
            case .array:
                for position in 0..<Int(value.count) { walk(graph.element(of: node, at: position), components + [.init(String(position))]) }
            case .dictionary:
                for position in 0..<graph.entryCount(of: node) {
                    let (key, child) = graph.entry(of: node, at: position)
                    walk(child, components + [.init(key)])
                }
            default:
                for key in graph.keys(of: node) {
                    if let child = graph.value(of: node, forKey: key, request: -1) { walk(child, components + [.init(key)]) }
                }
            }
        }
        walk(graph.root, [])
        return kinds.lazy.compactMap { found[$0] }.first
    }

    /// Another value of the same kind as the leaf's (for an edit that is undone).
    func otherValue(in graph: InputIndex) -> ModelValue {
        switch graph.scalar(node)! {
        case .string(let text): .string(text + "-edited")
        case .integer(let number): .integer(number == Int64.max ? 0 : number + 1)
        case .unsignedInteger(let number): .unsignedInteger(number == UInt64.max ? 0 : number + 1)
        case .double(let number): .double(number + 1)
        case .bool(let flag): .bool(!flag)
        case .data(let bytes): .data(bytes + [0])
        case .date(let date): .date(date.addingTimeInterval(1))
        case let other: other
        }
    }
}
