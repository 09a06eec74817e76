import Foundation
import OrderedCollections

/// The value tree every format reads into and writes from.
///
/// `ModelValue` is the hub of the library: JSON, property lists and archives are parsed into it,
/// models are encoded to it and decoded from it, and key paths, transformers, layering and reports
/// work on it. Dictionaries keep the key order of their source.
///
/// ```swift
/// let value: ModelValue = ["label": "Buy milk", "checked": true, "tags": ["home"]]
/// value["label"]          // .string("Buy milk")
/// value.description       // {"label": "Buy milk", "checked": true, "tags": ["home"]}
/// ```
///
/// Equality is structural, except that dictionaries compare as JSON objects do: the same keys
/// with equal values, in any order. A `double` and an `integer` of the same value are different
/// values.
///
/// Integers are 64-bit. Values above `Int64.max` (up to `UInt64.max`) are kept without loss in
/// ``unsignedInteger(_:)``; every other integer is an ``integer(_:)``, so the same number always
/// has one representation and equality is structural.
public enum ModelValue: Sendable {
    /// An explicit null (`NSNull`, JSON `null`).
    case null
    /// A boolean, kept apart from the numbers 0 and 1.
    case bool(Bool)
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`. Smaller values are always ``integer(_:)``.
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// Raw bytes.
    case data(Data)
    /// A point in time.
    case date(Date)
    /// An ordered list of values.
    case array([ModelValue])
    /// A dictionary with string keys, in the key order of its source.
    case dictionary(OrderedDictionary<String, ModelValue>)
}

extension ModelValue {
    /// Makes an integer value, choosing ``integer(_:)`` or ``unsignedInteger(_:)`` so that each
    /// number has exactly one representation.
    @inlinable
    static func unsigned(_ value: UInt64) -> ModelValue {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }

    /// How many values the tree holds, this one included (a budget for what aliases may copy).
    var nodeCount: Int {
        switch self {
        case .array(let elements): elements.reduce(1) { $0 + $1.nodeCount }
        case .dictionary(let entries): entries.values.reduce(1) { $0 + $1.nodeCount }
        default: 1
        }
    }

    /// Whether this value is ``null``.
    @inlinable
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The dictionary's entry for `key`, or `nil` when this is not a dictionary or has no such key.
    ///
    /// Complexity: O(1) on average.
    @inlinable
    public subscript(key: String) -> ModelValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries[key]
    }

    /// The array's element at `index`, or `nil` when this is not an array or the index is out of
    /// range. (For the package's own code and tests; the articles teach `case .array` instead.)
    @inlinable
    package subscript(index: Int) -> ModelValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The name of this value's kind, as used in error messages ("string", "dictionary", …).
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}

extension ModelValue: Hashable {
    /// Whether two trees hold the same values; dictionary key order does not matter.
    public static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count && a.allSatisfy { key, value in b[key] == value }
        default: false
        }
    }

    /// Hashes the value consistently with `==`: dictionary entries are combined in an
    /// order-independent way.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .integer(let value): hasher.combine(2); hasher.combine(value)
        case .unsignedInteger(let value): hasher.combine(3); hasher.combine(value)
        case .double(let value): hasher.combine(4); hasher.combine(value)
        case .string(let value): hasher.combine(5); hasher.combine(value)
        case .data(let value): hasher.combine(6); hasher.combine(value)
        case .date(let value): hasher.combine(7); hasher.combine(value)
        case .array(let elements): hasher.combine(8); hasher.combine(elements)
        case .dictionary(let entries):
            hasher.combine(9)
            hasher.combine(entries.count)
            var sum = 0
            for (key, value) in entries {
                var entryHasher = Hasher()
                entryHasher.combine(key)
                entryHasher.combine(value)
                sum = sum &+ entryHasher.finalize()
            }
            hasher.combine(sum)
        }
    }

    /// Whether two trees are equal *and* every dictionary lists its keys in the same order.
    func orderedEquals(_ other: ModelValue) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.orderedEquals($1) }
        case (.dictionary(let a), .dictionary(let b)):
            a.keys.elementsEqual(b.keys) && zip(a.values, b.values).allSatisfy { $0.orderedEquals($1) }
        default:
            self == other
        }
    }
}
