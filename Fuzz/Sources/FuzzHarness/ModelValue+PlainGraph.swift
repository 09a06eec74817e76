import BaseModel
import Foundation

extension ModelValue {
    /// This tree as a plain graph, its root first (a `$class` key is a key like any other): what
    /// a codec's `encodeGraph` writes. The trees given are seeds, shallow enough to recurse.
    var plainGraph: [ModelNode] {
        var nodes: [ModelNode] = []
        func add(_ value: ModelValue) -> Int {
            let number = nodes.count
            nodes.append(.null)
            let node: ModelNode
            switch value {
            case .null: node = .null
            case .bool(let flag): node = .bool(flag)
            case .integer(let number): node = .integer(number)
            case .unsignedInteger(let number): node = .unsignedInteger(number)
            case .double(let number): node = .double(number)
            case .string(let text): node = .string(text)
            case .data(let bytes): node = .data(bytes)
            case .date(let date): node = .date(date)
            case .array(let elements): node = .array(elements.map(add))
            case .dictionary(let entries): node = .dictionary(entries.mapValues(add))
            }
            nodes[number] = node
            return number
        }
        _ = add(self)
        return nodes
    }
}
