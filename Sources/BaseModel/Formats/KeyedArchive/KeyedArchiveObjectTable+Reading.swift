import Foundation
import OrderedCollections

/// Reading back what the table holds: the typed tree of a value taken back from the writer
/// (``KeyedArchiveModelWriter/takeBack(since:)``), the texts of keys for paths in errors.
extension KeyedArchiveObjectTable {
    /// The text of the string object at `uid` (a dictionary's key), or `nil` for another object.
    func keyText(_ uid: Int32) -> String? {
        let object = objects[Int(uid)]
        switch object.kind {
        case .string, .stringObject: return strings[Int(object.payload)]
        default: return nil
        }
    }

    /// The name of the class whose description is at `uid`.
    func className(ofDescription uid: Int32) -> String { strings[Int(objects[Int(uid)].payload)] }

    /// The kind of the value at `uid`, as error messages name it.
    func kindName(of uid: Int32) -> String {
        if uid == nullUID { return "null" }
        switch objects[Int(uid)].kind {
        case .null, .classDescription, .alias: return "null"
        case .string, .stringObject, .url: return "string"
        case .integer, .unsigned: return "integer"
        case .real: return "double"
        case .bool: return "bool"
        case .data, .dataObject: return "data"
        case .date: return "date"
        case .array, .orderedSet: return "array"
        case .dictionary, .typed: return "dictionary"
        }
    }

    /// The typed tree of the value at `uid`, found at `steps` from the document's root: objects
    /// as `{"$class": name, …}`, a container met again as `{"$alias": key path}` to its first
    /// place (`places` holds the places known, and gets the ones met), a reference still to be
    /// resolved as the alias it is.
    func tree(of uid: Int32, at steps: inout [ModelPath.Component], places: inout [Int32: String]) -> ModelValue {
        if uid == nullUID { return .null }
        let object = objects[Int(uid)]
        let first = Int(object.first), count = Int(object.count)
        switch object.kind {
        case .null, .classDescription: return .null
        case .string, .stringObject, .url: return .string(strings[Int(object.payload)])
        case .integer: return .integer(Int64(bitPattern: object.payload))
        case .unsigned: return .unsignedInteger(object.payload)
        case .real: return .double(Double(bitPattern: object.payload))
        case .bool: return .bool(object.payload != 0)
        case .data, .dataObject: return .data(data[Int(object.payload)])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: object.payload)))
        case .alias: return [TypedTree.aliasKey: .string(aliases[Int(object.payload)].target)]
        case .array, .orderedSet, .dictionary, .typed:
            if let place = places[uid] { return [TypedTree.aliasKey: .string(place)] }
            places[uid] = TypedTree.keyPath(for: ModelPath(steps))
            switch object.kind {
            case .array, .orderedSet:
                var elements: [ModelValue] = []
                elements.reserveCapacity(count)
                for position in 0..<count {
                    steps.append(.index(position))
                    elements.append(tree(of: references[first + position], at: &steps, places: &places))
                    steps.removeLast()
                }
                return .array(elements)
            default:
                var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: count + 1)
                if object.kind == .typed { entries[TypedTree.classKey] = .string(className(ofDescription: object.classUID)) }
                for position in 0..<count {
                    let key = object.kind == .typed ? strings[Int(references[first + position])] : keyText(references[first + position]) ?? ""
                    steps.append(.key(key))
                    entries[key] = tree(of: references[first + count + position], at: &steps, places: &places)
                    steps.removeLast()
                }
                return .dictionary(entries)
            }
        }
    }

    /// The key (a string number in a typed object, a string's UID in a dictionary) pending at
    /// `position`, as text.
    func pendingKey(at position: Int, inObject: Bool) -> String {
        inObject ? strings[Int(pending[position])] : keyText(pending[position]) ?? ""
    }
}
