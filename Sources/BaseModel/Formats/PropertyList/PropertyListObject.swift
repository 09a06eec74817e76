import Foundation
import OrderedCollections

/// A property list value exactly as XML and binary property lists store it, including the UIDs
/// that keyed archives use for references: what the keyed-archive codec walks to resolve UIDs.
///
/// The property-list readers read a graph (an ``InputIndex``, where a UID is the dictionary
/// `{"CF$UID": n}` of variant ``GraphVariant/uid``); ``init(graph:byteCount:format:)`` makes
/// this tree of it. Dictionaries keep the key order of their source.
enum PropertyListObject: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`; smaller values are always ``integer(_:)``.
    case unsignedInteger(UInt64)
    /// A floating-point number (`<real>`).
    case real(Double)
    /// A boolean.
    case bool(Bool)
    /// A date (stored as seconds since 2001-01-01 00:00:00 UTC).
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An ordered list.
    case array([PropertyListObject])
    /// A dictionary with string keys, in the order of the source.
    case dictionary(OrderedDictionary<String, PropertyListObject>)
    /// A keyed archive's reference to an entry of its `$objects` (binary marker `0x8_`, XML
    /// `<dict><key>CF$UID</key><integer>N</integer></dict>`).
    case uid(UInt64)

    /// `CF$UID`: the one key of a UID's dictionary in XML property lists and in a graph.
    static let uidKey = "CF$UID"

    /// Makes an integer, choosing ``integer(_:)`` or ``unsignedInteger(_:)`` so that every number
    /// has one representation.
    static func unsigned(_ value: UInt64) -> PropertyListObject {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }

    /// The dictionary's entry for `key`, or `nil` when this is not a dictionary or has no such key.
    subscript(key: String) -> PropertyListObject? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries[key]
    }

    /// The string, when this is one.
    var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The bytes a string or data value holds (UTF-8 for strings); 0 for other values.
    var stringByteCount: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .data(let bytes): bytes.count
        default: 0
        }
    }

    /// The name of this value's kind, for error messages.
    var kindName: String {
        switch self {
        case .string: "string"
        case .integer, .unsignedInteger: "integer"
        case .real: "real"
        case .bool: "bool"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        case .uid: "UID"
        }
    }

    /// A short rendering for error excerpts.
    var excerpt: String {
        switch self {
        case .string(let value): ModelValue.string(value).excerpt
        case .integer(let value): String(value)
        case .unsignedInteger(let value): String(value)
        case .real(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .date(let value): XMLScalars.dateText(value) ?? "date \(value.timeIntervalSinceReferenceDate)"
        case .data(let value): ModelValue.dataSummary(value)
        case .array(let elements): "[… \(elements.count) elements]"
        case .dictionary(let entries): "{… \(entries.count) keys}"
        case .uid(let value): "UID(\(value))"
        }
    }
}
