import Foundation
import OrderedCollections

/// The mapping between a typed tree and the tree an HR file stores, shared by the three HR codecs.
///
/// Writing (``document(from:style:format:)``) spells the tree's own leaves the way HRCoder 1.3.3
/// did:
///
/// | typed tree | HR JSON | HR property list |
/// |---|---|---|
/// | `.data` | `{"$class": "NSData", "$data": "<base64>"}` | native `<data>` |
/// | `.date` | `{"$class": "NSDate", "NS.time": <seconds since 2001>}` | native `<date>` |
/// | `.null` | `null` | `{"$class": "NSNull"}` (property lists have no null) |
///
/// Everything else, `$class` and `$alias` dictionaries included, is written as it is, except
/// that an alias dictionary is written as `{"$alias": path}` alone (readers ignore other keys). A
/// dictionary holding `$data` is refused: the key is reserved, and bytes are `.data` values.
///
/// Reading (``tree(from:format:)``) undoes both spellings, whatever the file's format, and
/// turns the other Foundation leaves HRCoder wrote as coded objects back into values (see
/// ``Reading/foundationLeaf(named:entries:depth:)``). Other `$class` dictionaries stay typed dictionaries for
/// the model decoder; an alias dictionary keeps only its `$alias` (readers ignore the rest).
enum HRDocument {
    /// `$data`: base64 bytes in HR JSON, in `{"$class": "NSData", "$data": "AQID"}`.
    static let dataKey = "$data"

    /// How leaves are spelled in the file.
    enum Style {
        /// Data as `$data` base64, dates as `NS.time`, null as `null`.
        case json
        /// Data and dates native, null as `{"$class": "NSNull"}`.
        case propertyList
    }

    /// The tree to store for a typed tree, checked with ``TypedTree/validate(_:format:)`` first.
    ///
    /// - Throws: ``ModelError`` (with `format`) from the validation, or
    ///   ``ModelError/Reason/unsupported(_:)`` for a dictionary holding the reserved `$data` key
    ///   or a `$class` naming a Foundation value class (``Reading/foundationLeafClasses``).
    static func document(from tree: ModelValue, style: Style, format: String) throws(ModelError) -> ModelValue {
        try TypedTree.validate(tree, format: format)
        var writing = Writing(style: style, format: format)
        return try writing.map(tree, depth: 1)
    }

    /// The typed tree a stored tree means, checked with ``TypedTree/validate(_:format:)`` after.
    ///
    /// - Throws: ``ModelError`` (with `format` and the path) for a `$class` or `$alias` that is
    ///   not a string, `$data` that is not a base64 string, a Foundation leaf without its field,
    ///   nesting deeper than ``TypedTree/maximumDepth``, and everything the validation rejects (a
    ///   root that is not a dictionary, an alias that names nothing).
    static func tree(from document: ModelValue, format: String) throws(ModelError) -> ModelValue {
        var reading = Reading(format: format)
        let tree = try reading.map(document, depth: 1)
        try TypedTree.validate(tree, format: format)
        return tree
    }

    /// The leaves of a typed tree in their HR spelling.
    private struct Writing {
        let style: Style
        let format: String
        var path: [ModelPath.Component] = []

        init(style: Style, format: String) {
            self.style = style
            self.format = format
        }

        mutating func map(_ value: ModelValue, depth: Int) throws(ModelError) -> ModelValue {
            switch value {
            case .null:
                return style == .json ? .null : .dictionary([TypedTree.classKey: "NSNull"])
            case .data(let bytes):
                guard style == .json else { return value }
                return .dictionary([TypedTree.classKey: "NSData", HRDocument.dataKey: .string(bytes.base64EncodedString())])
            case .date(let date):
                guard style == .json else { return value }
                return .dictionary([TypedTree.classKey: "NSDate", "NS.time": .double(date.timeIntervalSinceReferenceDate)])
            case .array(let elements):
                try checkDepth(depth)
                var mapped: [ModelValue] = []
                mapped.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    mapped.append(try map(element, depth: depth + 1))
                    path.removeLast()
                }
                return .array(mapped)
            case .dictionary(let entries):
                try checkDepth(depth)
                if let alias = entries[TypedTree.aliasKey] { return .dictionary([TypedTree.aliasKey: alias]) }
                if entries[HRDocument.dataKey] != nil {
                    throw ModelError(
                        .unsupported("the key \(HRDocument.dataKey) is reserved in HR documents; store bytes as data values"),
                        path: ModelPath(path + [.key(HRDocument.dataKey)]), format: format)
                }
                // The reader turns these into values (or refuses them without their field): a
                // dictionary naming one would not read back as written.
                if case .string(let name)? = entries[TypedTree.classKey], Reading.foundationLeafClasses.contains(name) {
                    throw ModelError(
                        .unsupported("$class \(name) names a Foundation value, which HR reads back as that value, not this dictionary"),
                        path: ModelPath(path + [.key(TypedTree.classKey)]), format: format)
                }
                var mapped = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count)
                for (key, child) in entries {
                    path.append(.key(key))
                    mapped[key] = try map(child, depth: depth + 1)
                    path.removeLast()
                }
                return .dictionary(mapped)
            default:
                return value
            }
        }

        func checkDepth(_ depth: Int) throws(ModelError) {
            guard depth <= TypedTree.maximumDepth else {
                throw ModelError(
                    DecodingLimits.depthExceeded(TypedTree.maximumDepth),
                    path: ModelPath(path), format: format)
            }
        }
    }

    /// A stored tree read back into a typed tree.
    struct Reading {
        let format: String
        var path: [ModelPath.Component] = []

        init(format: String) { self.format = format }

        mutating func map(_ value: ModelValue, depth: Int) throws(ModelError) -> ModelValue {
            switch value {
            case .array(let elements):
                try checkDepth(depth)
                var mapped: [ModelValue] = []
                mapped.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    mapped.append(try map(element, depth: depth + 1))
                    path.removeLast()
                }
                return .array(mapped)
            case .dictionary(let entries):
                try checkDepth(depth)
                return try mapDictionary(entries, depth: depth)
            default:
                return value
            }
        }

        private mutating func mapDictionary(
            _ entries: OrderedDictionary<String, ModelValue>, depth: Int
        ) throws(ModelError) -> ModelValue {
            if let alias = entries[TypedTree.aliasKey] {
                guard case .string = alias else { throw mismatch(key: TypedTree.aliasKey, expected: "string", found: alias) }
                return .dictionary([TypedTree.aliasKey: alias])
            }
            var className: String?
            if let name = entries[TypedTree.classKey] {
                guard case .string(let text) = name else { throw mismatch(key: TypedTree.classKey, expected: "string", found: name) }
                className = text
            }
            if let encoded = entries[HRDocument.dataKey] {
                return .data(try base64(encoded))
            }
            if let className, let leaf = try foundationLeaf(named: className, entries: entries, depth: depth) {
                return leaf
            }
            var mapped = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count)
            for (key, child) in entries {
                path.append(.key(key))
                mapped[key] = try map(child, depth: depth + 1)
                path.removeLast()
            }
            return .dictionary(mapped)
        }

        /// The bytes of a `$data` string, read by ``HRBase64``: standard base64 with padding;
        /// ASCII white space (line breaks from wrapped encoders) is skipped.
        private func base64(_ encoded: ModelValue) throws(ModelError) -> Data {
            guard case .string(let text) = encoded else {
                throw mismatch(key: HRDocument.dataKey, expected: "base64 string", found: encoded)
            }
            guard let bytes = HRBase64.decode(text) else {
                throw ModelError(
                    .invalidValue("\(HRDocument.dataKey) is not valid base64"),
                    path: ModelPath(path + [.key(HRDocument.dataKey)]), excerpt: encoded.excerpt, format: format)
            }
            return bytes
        }

        func checkDepth(_ depth: Int) throws(ModelError) {
            guard depth <= TypedTree.maximumDepth else {
                throw ModelError(
                    DecodingLimits.depthExceeded(TypedTree.maximumDepth),
                    path: ModelPath(path), format: format)
            }
        }

        func mismatch(key: String, expected: String, found: ModelValue?) -> ModelError {
            ModelError(
                .typeMismatch(expected: expected, found: found?.kindName ?? "nothing"),
                path: ModelPath(path + [.key(key)]), excerpt: found?.excerpt, format: format)
        }
    }
}
