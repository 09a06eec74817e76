@testable import BaseModel
import Foundation

/// A FastCoding file written chunk by chunk, for tests that need files the library's writer
/// does not make (aliases to any slot, cycles, every chunk kind, malformed shapes): one value
/// per chunk, written with ``FastWriter``. Write-only: files are read by the codec's one reader.
///
/// Shared nodes are ``alias(_:)``: an index into the object cache, numbered as FastCoding
/// numbers slots (see ``FastWriter``).
///
/// Not `indirect`: the recursive cases hold arrays, which are references already.
enum FastDocument: Sendable, Hashable {
    /// ``FastTag/nil``: an absent property value.
    case nilValue
    /// `NSNull`.
    case null
    /// A boolean (``FastTag/true`` / ``FastTag/false``).
    case bool(Bool)
    /// An integer; written in the smallest width, 0 and 1 as ``FastTag/zero`` / ``FastTag/one``.
    case integer(Int64)
    /// A 32-bit float.
    case float32(Float)
    /// A 64-bit float.
    case float64(Double)
    /// An `NSDecimalNumber`.
    case decimal(FastDecimal)
    /// An immutable string (deduplicated by value).
    case string(String)
    /// A mutable string (an object of its own).
    case mutableString(String)
    /// Bytes, mutable or not.
    case data(Data, mutable: Bool)
    /// A date (``FastTag/date``), in seconds since 2001-01-01 as stored.
    case date(sinceReferenceDate: Double)
    /// A date of the legacy tag (``FastTag/legacyDate``), in seconds since 1970 as stored.
    case legacyDate(since1970: Double)
    /// An array, set or ordered set, mutable or not.
    case list([FastDocument], kind: ListKind, mutable: Bool)
    /// A dictionary, mutable or not: (key, value) entries in file order. Keys may be any value.
    case dictionary([Entry], mutable: Bool)
    /// An object of a named class: the keys of its class definition and one value per key
    /// (``nilValue`` for a nil property).
    case object(className: String, keys: [String], values: [FastDocument])
    /// The object-cache entry with this index: a value met before, or an ancestor (a cycle).
    case alias(Int)
    /// A URL.
    case url(FastURL)
    /// A point, size, rect, range, vector or transform.
    case geometry(FastGeometry)
    /// An index set, mutable or not.
    case indexSet([FastIndexRange], mutable: Bool)
    /// An object written through NSCoding: its class name and (key, value) entries.
    case codedObject(className: String, entries: [Entry])
    /// An object stored as an NSKeyedArchiver archive.
    case keyedArchive(Data)

    /// Which list a ``list(_:kind:mutable:)`` is.
    enum ListKind: Sendable, Hashable {
        /// `NSArray`.
        case array
        /// `NSSet` (file order kept).
        case set
        /// `NSOrderedSet`.
        case orderedSet
    }

    /// A dictionary or NSCoded entry.
    struct Entry: Sendable, Hashable {
        /// The key (a string in NSCoded objects and in trees; any value in a dictionary).
        var key: FastDocument
        /// The value.
        var value: FastDocument

        /// Creates an entry.
        init(key: FastDocument, value: FastDocument) {
            self.key = key
            self.value = value
        }
    }

    /// The deepest nesting written: the current ``DecodingLimits/maximumDepth``.
    static var maximumDepth: Int { DecodingLimits.current.maximumDepth }

    /// Writes the document as a FastCoding 3.3 file.
    ///
    /// Objects reuse a class definition only when it has exactly their keys, so a document read
    /// from a file is written back byte for byte.
    ///
    /// ```swift
    /// let document = FastDocument.dictionary([.init(key: .string("a"), value: .integer(1))], mutable: false)
    /// let bytes = try document.data()   // 32 bytes: header, 09, count 1, 2D, 08 "a"
    /// ```
    ///
    /// - Throws: ``ModelError`` with format `fast`: an alias to a slot not written yet (aliases
    ///   can only point back), a string holding a NUL character, a transform with the wrong
    ///   number of values, or nesting deeper than ``maximumDepth``.
    func data() throws(ModelError) -> Data {
        var writer = FastWriter()
        try write(to: &writer, depth: 0)
        return writer.finish()
    }

    /// Writes this value as chunks into `writer`.
    ///
    /// - Throws: ``ModelError`` as ``data()``.
    func write(to writer: inout FastWriter, depth: Int = 0) throws(ModelError) {
        switch self {
        case .list, .dictionary, .object:
            guard depth < Self.maximumDepth else {
                throw ModelError(DecodingLimits.depthExceeded(Self.maximumDepth), format: FastReader.format)
            }
        default:
            break
        }
        switch self {
        case .nilValue: writer.writeNil()
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .float32(let number): writer.writeFloat(number)
        case .float64(let number): writer.writeDouble(number)
        case .decimal(let number): writer.writeDecimal(number)
        case .string(let text): try writer.writeString(text)
        case .mutableString(let text): try writer.writeMutableString(text)
        case .data(let bytes, let mutable): try writer.writeData(bytes, mutable: mutable)
        case .date(let seconds): writer.writeDate(sinceReferenceDate: seconds)
        case .legacyDate(let seconds): writer.writeLegacyDate(since1970: seconds)
        case .list(let elements, let kind, let mutable):
            let collection: FastWriter.CollectionKind = switch kind {
            case .array: .array
            case .set: .set
            case .orderedSet: .orderedSet
            }
            let mark = try writer.beginCollection(collection, mutable: mutable, count: elements.count)
            for element in elements { try element.write(to: &writer, depth: depth + 1) }
            writer.endCollection(mark)
        case .dictionary(let entries, let mutable):
            let mark = try writer.beginCollection(.dictionary, mutable: mutable, count: entries.count)
            for entry in entries {
                try entry.value.write(to: &writer, depth: depth + 1)
                try entry.key.write(to: &writer, depth: depth + 1)
            }
            writer.endCollection(mark)
        case .object(let className, let keys, let values):
            let start = try writer.beginObject(className: className, keys: keys, reuse: .exact)
            for index in start.keys.indices {
                try (index < values.count ? values[index] : .nilValue).write(to: &writer, depth: depth + 1)
            }
        case .alias(let index): try writer.writeObjectAlias(index)
        case .url(let url): try writer.writeURL(url)
        case .geometry(let value): try writer.writeGeometry(value)
        case .indexSet(let ranges, let mutable): try writer.writeIndexSet(ranges, mutable: mutable)
        case .codedObject(let className, let entries):
            writer.beginCodedObject()
            try writer.writeString(className)
            for entry in entries {
                try entry.value.write(to: &writer, depth: depth + 1)
                try entry.key.write(to: &writer, depth: depth + 1)
            }
            writer.endCodedObject()
        case .keyedArchive(let archive): try writer.writeKeyedArchive(archive)
        }
    }
}
