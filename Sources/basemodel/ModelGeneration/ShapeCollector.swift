import BaseModel

/// Reads a sample's value tree into shapes: one ``ObjectShape`` per model type, the objects met
/// under one name merged (every element of an array, every object of a `$class`), and one
/// ``ValueShape`` per place.
///
/// A `$class` object is a type of that name; a plain dictionary is a type named after the key
/// that holds it (singular inside an array), unless its keys are data (all digits, as ids are,
/// or none at all), when it is a map. An alias (`{"$alias": path}`, a shared object of a typed
/// tree) counts as another occurrence of its target; one that points at an enclosing object is
/// a cycle, noted on the type.
struct ShapeCollector {
    /// The tree aliases are resolved in.
    let tree: ModelValue
    /// The model types met, by key: `$` and the class name for a class, the hint for a plain
    /// dictionary.
    private(set) var types: [String: ObjectShape] = [:]
    /// The keys of ``types`` in order of first meeting.
    private(set) var order: [String] = []
    /// The shape of the root.
    let root = ValueShape()

    /// Reads `tree`, naming the root type (or the element type of a root array or map) `name`.
    init(tree: ModelValue, name: String) {
        self.tree = tree
        var path: [String] = []
        walk(tree, into: root, hint: name, path: &path, depth: 0)
    }

    private mutating func walk(_ value: ModelValue, into shape: ValueShape, hint: String, path: inout [String], depth: Int) {
        shape.count += 1
        guard depth < 512 else { return shape.unresolvedAliases += 1 }
        switch value {
        case .array(let elements):
            shape.arrays += 1
            let inner = shape.elements ?? ValueShape()
            shape.elements = inner
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                walk(element, into: inner, hint: SwiftName.singular(hint), path: &path, depth: depth + 1)
                path.removeLast()
            }
        case .dictionary(let entries):
            if TypedTree.isAlias(value) {
                return followAlias(entries[TypedTree.aliasKey], into: shape, hint: hint, path: &path, depth: depth)
            }
            var className: String?
            if case .string(let name)? = entries[TypedTree.classKey] { className = name }
            let keys = Array(entries.keys).filter { $0 != TypedTree.classKey }
            if className == nil, keys.isEmpty || keys.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) || Self.isMap(value) {
                shape.maps += 1
                guard !keys.isEmpty else { return }
                let inner = shape.mapValues ?? ValueShape()
                shape.mapValues = inner
                for (key, element) in entries {
                    path.append(key)
                    walk(element, into: inner, hint: SwiftName.singular(hint), path: &path, depth: depth + 1)
                    path.removeLast()
                }
                return
            }
            let typeKey = className.map { "$" + $0 } ?? plainTypeKey(hint: hint, keys: keys)
            let object: ObjectShape
            if let known = types[typeKey] {
                object = known
            } else {
                object = ObjectShape(className: className, hint: className ?? hint)
                types[typeKey] = object
                order.append(typeKey)
            }
            shape.addObject(ofType: typeKey)
            object.count += 1
            for (key, element) in entries where key != TypedTree.classKey {
                path.append(key)
                walk(element, into: object.field(key), hint: key, path: &path, depth: depth + 1)
                path.removeLast()
            }
        default:
            shape.addScalar(value)
        }
    }

    /// What an alias's key path names: ``TypedTree/resolve(_:in:)``, or, for a path through keys
    /// that hold dots themselves (a keyed archive's `NS.timeZone`), the longest key that matches
    /// at each step.
    static func resolve(_ keyPath: String, in tree: ModelValue) -> ModelValue? {
        if let value = TypedTree.resolve(keyPath, in: tree) { return value }
        var steps = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
        var current = tree
        while !steps.isEmpty {
            switch current {
            case .dictionary(let entries):
                guard let length = (1...steps.count).reversed().first(where: { entries[steps.prefix($0).joined(separator: ".")] != nil }),
                    let next = entries[steps.prefix(length).joined(separator: ".")]
                else { return nil }
                current = next
                steps = steps.dropFirst(length)
            case .array(let elements):
                guard let index = Int(steps[steps.startIndex]), elements.indices.contains(index) else { return nil }
                current = elements[index]
                steps = steps.dropFirst()
            default:
                return nil
            }
        }
        return current
    }

    /// Whether a dictionary is a map whose keys are data (names of plugins, say): many keys
    /// (at least ``mapThreshold``), each holding a plain dictionary, and those dictionaries
    /// sharing at least half of their keys.
    static func isMap(_ value: ModelValue) -> Bool {
        guard case .dictionary(let entries) = value, entries.count >= mapThreshold else { return false }
        var union: Set<String> = []
        var common: Set<String>?
        for value in entries.values {
            guard case .dictionary(let inner) = value, inner[TypedTree.classKey] == nil, inner[TypedTree.aliasKey] == nil else { return false }
            let keys = Set(inner.keys)
            union.formUnion(keys)
            common = common.map { $0.intersection(keys) } ?? keys
        }
        return (common?.count ?? 0) * 2 >= union.count && !union.isEmpty
    }

    static let mapThreshold = 8

    /// The type a plain dictionary with `keys` met under `hint` merges into: the first type of
    /// that hint sharing a key with it (`hint`, `hint#2`, …), else a new one.
    private func plainTypeKey(hint: String, keys: [String]) -> String {
        var number = 1
        while true {
            let key = number == 1 ? hint : "\(hint)#\(number)"
            guard let known = types[key] else { return key }
            if known.keys.isEmpty || keys.contains(where: { known.fields[$0] != nil }) { return key }
            number += 1
        }
    }

    /// Counts the target of an alias as met here: walked again unless it encloses this place
    /// (a cycle: only its type is noted).
    private mutating func followAlias(_ target: ModelValue?, into shape: ValueShape, hint: String, path: inout [String], depth: Int) {
        guard case .string(let keyPath)? = target, let value = Self.resolve(keyPath, in: tree),
            case .dictionary(let entries) = value, !TypedTree.isAlias(value)
        else { return shape.unresolvedAliases += 1 }
        let here = path.joined(separator: ".")
        let encloses = keyPath == TypedTree.rootKeyPath || here.hasPrefix(keyPath + ".")
        guard encloses else {
            shape.count -= 1
            return walk(value, into: shape, hint: hint, path: &path, depth: depth + 1)
        }
        guard case .string(let className)? = entries[TypedTree.classKey], let object = types["$" + className] else {
            return shape.unresolvedAliases += 1
        }
        object.holdsCycle = true
        shape.addObject(ofType: "$" + className)
    }
}

extension Character {
    /// `0` to `9`.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
