import Foundation
import OrderedCollections

/// The value a ``DocumentRecorder`` was given, as a small graph its format's writer walks when
/// the value is done: one ``Item`` per value, the children of containers as runs of item
/// numbers (a dictionary's and an object's as key and value pairs), strings and data in side
/// tables. An alias is an item of its own (``Item/Kind/alias``) naming the first occurrence of
/// the object it stands for.
struct RecordedDocument {
    /// One value.
    struct Item {
        enum Kind: UInt8 {
            case null, bool, integer, unsigned, double, string, data, date, array, dictionary, object, alias
        }

        var kind: Kind
        /// The file's form of the value beyond its kind (``ModelWriter/setStyle(_:_:)``).
        var flags: GraphFlags = []
        var variant: GraphVariant = .plain
        /// For containers: how many children (dictionary and object entries, array elements).
        var count: Int32 = 0
        /// For containers: where their children start in ``RecordedDocument/children``.
        var first: Int32 = 0
        /// The boolean, the integer's bits, the double's or the date's bits (seconds since
        /// 2001), the index of a string or data, an object's class name (a string index), or an
        /// alias's index in ``RecordedDocument/aliases``.
        var payload: UInt64 = 0

        var integer: Int64 { Int64(bitPattern: payload) }
        var double: Double { Double(bitPattern: payload) }
        var index: Int { Int(truncatingIfNeeded: payload) }
    }

    /// What an alias stands for.
    enum AliasTarget {
        /// A shared object or container the writer was given: its first occurrence is the item
        /// ``SharedObject/writtenIndex`` names (`nil` when that was taken back), at its ``SharedObject/keyPath``.
        case shared(SharedObject)
        /// The dotted key path of a typed tree's `{"$alias": path}`.
        case path(String)
    }

    var items: [Item] = []
    var children: [Int32] = []
    var strings: [String] = []
    var data: [Data] = []
    var aliases: [AliasTarget] = []
    /// The root value's item, once written.
    var root: Int32?

    subscript(item: Int32) -> Item { items[Int(item)] }

    /// Entry `position` of dictionary or object `item`: its key and its value's item.
    func entry(of item: Item, at position: Int) -> (key: String, value: Int32) {
        let slot = Int(item.first) + 2 * position
        return (strings[Int(children[slot])], children[slot + 1])
    }

    /// Element `position` of array `item`.
    func element(of item: Item, at position: Int) -> Int32 { children[Int(item.first) + position] }

    /// The class name of object `item`.
    func className(of item: Item) -> String { strings[item.index] }

    /// The dotted key path an alias item names (`$root`, `items.0`).
    func keyPath(ofAlias item: Item) -> String {
        switch aliases[item.index] {
        case .shared(let object): object.keyPath
        case .path(let path): path
        }
    }

    // MARK: Key paths

    /// The item a dotted key path names, walked as ``TypedTree/resolve(_:in:)`` walks a tree:
    /// `$root` is the root, a dictionary or object step a key, an array step a canonical index;
    /// `nil` at a missing key, an index out of range, a scalar, or an alias with steps left.
    func resolve(_ keyPath: String) -> Int32? {
        guard let root else { return nil }
        return TypedTree.walk(keyPath, from: root) { current in
            let item = self[current]
            switch item.kind {
            case .dictionary, .object:
                return .entries(count: Int(item.count)) { entry(of: item, at: $0) }
            case .array:
                return .elements(count: Int(item.count)) { element(of: item, at: $0) }
            default:
                return nil
            }
        }
    }

    /// Checks every alias, in document order: it must name an item that is not itself an alias.
    ///
    /// - Throws: ``ModelError/Reason/invalidValue(_:)`` with `format` and the alias's path, as
    ///   ``TypedTree/validate(_:format:)`` words it.
    func validateAliases(format: String) throws(ModelError) {
        guard let root, !aliases.isEmpty else { return }
        var walk = Walk(document: self)
        try walk.visit(root) { (item, path) throws(ModelError) in
            let target = keyPath(ofAlias: item)
            guard let found = resolve(target) else {
                throw ModelError(
                    .invalidValue("the alias \"\(target)\" names nothing in the document"), path: path, format: format)
            }
            if self[found].kind == .alias {
                throw ModelError(
                    .invalidValue("the alias \"\(target)\" names another alias; an alias must name the object itself"),
                    path: path, format: format)
            }
        }
    }

    /// A walk over the items in document order that calls its body at each alias.
    private struct Walk {
        let document: RecordedDocument
        var steps: [ModelPath.Component] = []

        mutating func visit(_ node: Int32, _ body: (Item, ModelPath) throws(ModelError) -> Void) throws(ModelError) {
            let item = document[node]
            switch item.kind {
            case .alias:
                try body(item, ModelPath(steps))
            case .array:
                for position in 0..<Int(item.count) {
                    steps.append(.index(position))
                    try visit(document.element(of: item, at: position), body)
                    steps.removeLast()
                }
            case .dictionary, .object:
                for position in 0..<Int(item.count) {
                    let (key, value) = document.entry(of: item, at: position)
                    steps.append(.key(key))
                    try visit(value, body)
                    steps.removeLast()
                }
            default:
                return
            }
        }
    }

    // MARK: Trees

    /// The value of `node` as a typed tree: an object is `{"$class": name, …}`, an alias
    /// `{"$alias": path}`.
    func tree(_ node: Int32) -> ModelValue {
        let item = self[node]
        switch item.kind {
        case .null: return .null
        case .bool: return .bool(item.payload != 0)
        case .integer: return .integer(item.integer)
        case .unsigned: return .unsignedInteger(item.payload)
        case .double: return .double(item.double)
        case .string: return .string(strings[item.index])
        case .data: return .data(data[item.index])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: item.double))
        case .alias: return [TypedTree.aliasKey: .string(keyPath(ofAlias: item))]
        case .array: return .array((0..<Int(item.count)).map { tree(element(of: item, at: $0)) })
        case .dictionary, .object:
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: Int(item.count) + 1)
            if item.kind == .object { entries[TypedTree.classKey] = .string(className(of: item)) }
            for position in 0..<Int(item.count) {
                let (key, value) = entry(of: item, at: position)
                entries[key] = tree(value)
            }
            return .dictionary(entries)
        }
    }
}
