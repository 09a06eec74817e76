import Foundation
import OrderedCollections

extension HRDocument.Reading {
    /// The class names ``foundationLeaf(named:entries:depth:)`` reads as values; the writer
    /// refuses a dictionary naming one.
    static let foundationLeafClasses: Set<String> = [
        "NSNull", "NSDate", "NSString", "NSMutableString", "NSData", "NSMutableData", "NSURL",
    ]

    /// The value of a Foundation object that HRCoder wrote as a coded object, or `nil` for any
    /// other class name (a model type, left for the model decoder).
    ///
    /// HRCoder encodes every object that is not a plain string, number, array, dictionary (or, in
    /// property lists, data or date) as `$class` plus the keys its `encodeWithCoder:` writes.
    /// The Foundation classes among them come back as the tree's own values:
    ///
    /// | `$class` | fields | value |
    /// |---|---|---|
    /// | `NSNull` | none | `.null` |
    /// | `NSDate` | `NS.time`: seconds since 2001 | `.date` |
    /// | `NSString`, `NSMutableString` | `NS.string` | `.string` |
    /// | `NSData`, `NSMutableData` | `NS.data` (a `$data` dictionary is handled before) | `.data` |
    /// | `NSURL` | `NS.relative`, optional `NS.base` | `.string`, the absolute URL when it resolves |
    ///
    /// - Throws: ``ModelError`` with the field's path when the field is missing
    ///   (``ModelError/Reason/missingValue(expected:)``), of the wrong kind
    ///   (``ModelError/Reason/typeMismatch(expected:found:)``), or a date that is not finite
    ///   (``ModelError/Reason/invalidValue(_:)``).
    mutating func foundationLeaf(
        named className: String, entries: OrderedDictionary<String, ModelValue>, depth: Int
    ) throws(ModelError) -> ModelValue? {
        switch className {
        case "NSNull":
            return .null
        case "NSDate":
            let field = "NS.time"
            let seconds: Double
            switch entries[field] {
            case .integer(let number)?: seconds = Double(number)
            case .unsignedInteger(let number)?: seconds = Double(number)
            case .double(let number)?: seconds = number
            case let other: throw fieldError(field, expected: "number", found: other)
            }
            guard seconds.isFinite else {
                throw ModelError(
                    .invalidValue("a date must be a finite number of seconds"),
                    path: ModelPath(path + [.key(field)]), excerpt: String(seconds), format: format)
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "NSString", "NSMutableString":
            let field = "NS.string"
            guard case .string(let text)? = entries[field] else {
                throw fieldError(field, expected: "string", found: entries[field])
            }
            return .string(text)
        case "NSData", "NSMutableData":
            let field = "NS.data"
            guard case .data(let bytes)? = try mapField(field, in: entries, depth: depth) else {
                throw fieldError(field, expected: "data", found: entries[field])
            }
            return .data(bytes)
        case "NSURL":
            let relativeField = "NS.relative"
            guard case .string(let relative)? = entries[relativeField] else {
                throw fieldError(relativeField, expected: "string", found: entries[relativeField])
            }
            let baseField = "NS.base"
            switch try mapField(baseField, in: entries, depth: depth) {
            case nil, .null?:
                return .string(relative)
            case .string(let base)?:
                let resolved = URL(string: base).flatMap { URL(string: relative, relativeTo: $0) }?.absoluteString
                return .string(resolved ?? relative)
            case let other:
                throw fieldError(baseField, expected: "string", found: other)
            }
        default:
            return nil
        }
    }

    /// The field's value read as any other value (so a nested coded object is mapped first).
    private mutating func mapField(
        _ field: String, in entries: OrderedDictionary<String, ModelValue>, depth: Int
    ) throws(ModelError) -> ModelValue? {
        guard let value = entries[field] else { return nil }
        path.append(.key(field))
        defer { path.removeLast() }
        return try map(value, depth: depth + 1)
    }

    private func fieldError(_ field: String, expected: String, found: ModelValue?) -> ModelError {
        guard let found else {
            return ModelError(.missingValue(expected: expected), path: ModelPath(path + [.key(field)]), format: format)
        }
        return mismatch(key: field, expected: expected, found: found)
    }
}
