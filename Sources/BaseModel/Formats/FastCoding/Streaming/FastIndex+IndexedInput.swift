import Foundation
import OrderedCollections

/// The fast index as the model decoder's input: the engine reads models from its nodes with
/// the mapping rules it applies to trees.
extension FastIndex: IndexedInput {
    var rootNode: Int32 { root }

    var nodeCount: Int { nodes.count }

    func shape(of node: Int32) -> IndexedShape {
        let value = self[node]
        switch value.kind {
        case .array: return .array(count: Int(value.count))
        case .dictionary: return .dictionary
        case .object: return .object
        case .null, .bool, .integer, .double, .string, .data, .date: return .scalar
        }
    }

    func scalar(_ node: Int32) -> ModelValue? {
        let value = self[node]
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.payload != 0)
        case .integer: return .integer(value.integer)
        case .double: return .double(value.double)
        case .string: return .string(strings[value.index])
        case .data: return .data(data[value.index])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: value.double))
        case .array, .dictionary, .object: return nil
        }
    }

    func element(of node: Int32, at position: Int) -> Int32 { children[Int(self[node].first) + position] }

    /// For an object, the key's position comes from the order its class was asked in before (one
    /// string comparison), else from the class's key table; a dictionary is searched from the
    /// `request`-th entry on (`Dictionary.init(from:)` asks for its keys in order).
    func value(of node: Int32, forKey key: String, request: Int) -> Int32? {
        let value = self[node]
        let count = Int(value.count)
        if value.kind == .object {
            let classIndex = value.index
            let position: Int?
            if request < learnedOrder[classIndex].count, learnedOrder[classIndex][request].key == key {
                position = learnedOrder[classIndex][request].position
            } else {
                position = classes[classIndex].positions[key]
                if request == learnedOrder[classIndex].count { learnedOrder[classIndex].append((key, position)) }
            }
            guard let position else { return nil }
            let child = children[Int(value.first) + position]
            return child == FastIndex.absent ? nil : child
        }
        guard count > 0 else { return nil }
        for offset in 0..<count {
            let entry = Int(value.first) + 2 * ((request + offset) % count)
            if strings[Int(children[entry])] == key { return children[entry + 1] }
        }
        return nil
    }

    func keys(of node: Int32) -> [String] {
        let value = self[node]
        if value.kind == .object {
            return zip(classes[value.index].keys, childRange(of: value)).compactMap { key, position in
                children[position] == FastIndex.absent ? nil : key
            }
        }
        return (0..<Int(value.count)).map { strings[Int(children[Int(value.first) + 2 * $0])] }
    }

    func className(of node: Int32) -> String? {
        let value = self[node]
        return value.kind == .object ? classes[value.index].name : nil
    }

    func tree(at node: Int32) -> ModelValue {
        if let scalar = scalar(node) { return scalar }
        let value = self[node]
        switch value.kind {
        case .array:
            return .array(childRange(of: value).map { tree(at: children[$0]) })
        case .object:
            let keys = classes[value.index].keys
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: keys.count + 1)
            entries[TypedTree.classKey] = .string(classes[value.index].name)
            for (key, position) in zip(keys, childRange(of: value)) where children[position] != FastIndex.absent {
                entries[key] = tree(at: children[position])
            }
            return .dictionary(entries)
        default:
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: Int(value.count))
            for position in 0..<Int(value.count) {
                let entry = Int(value.first) + 2 * position
                entries[strings[Int(children[entry])]] = tree(at: children[entry + 1])
            }
            return .dictionary(entries)
        }
    }

    func doubles(of node: Int32) -> [Double]? {
        let value = self[node]
        guard value.kind == .array else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(Int(value.count))
        for position in childRange(of: value) {
            let element = nodes[Int(children[position])]
            guard element.kind == .double else { return nil }
            numbers.append(element.double)
        }
        return numbers
    }
}
