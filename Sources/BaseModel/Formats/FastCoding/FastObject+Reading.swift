import Foundation

extension FastObject {
    /// Reads a FastCoding 3.3 file into a document.
    ///
    /// ```swift
    /// let document = try FastObject(data: bytes)
    /// let plain = try FastObject(data: untrusted, safe: true)   // no objects of named classes
    /// ```
    ///
    /// - Parameter safe: Refuse ``nilValue``, class definitions, objects, NSCoded objects and
    ///   keyed archives (FastCoding's `propertyListWithData:`).
    /// - Throws: ``ModelError`` with format `fast` and the byte offset: see ``FastReader`` for
    ///   the checks, plus bytes left after the root value, nesting deeper than
    ///   ``maximumDepth``, a class definition not followed by an object, a URL whose parts are
    ///   not a string and a URL, and an NSCoded class name or key that is not a string.
    init(data: Data, safe: Bool = false) throws(ModelError) {
        var document = FastDocumentReader(reader: try FastReader(data: data, safe: safe))
        self = try document.readValue(depth: 0)
        guard document.reader.isAtEnd else {
            throw document.reader.failure(.malformed("\(document.reader.remaining) bytes after the root value"))
        }
    }
}

/// Reads chunks into ``FastObject`` values, reserving object-cache slots where the format
/// caches (mutable containers and objects before their children, the rest after).
struct FastDocumentReader {
    var reader: FastReader
    let maximumDepth = FastObject.maximumDepth

    mutating func readValue(depth: Int) throws(ModelError) -> FastObject {
        let start = reader.offset
        let tag = try reader.readTag()
        return try readValue(tag, start: start, depth: depth)
    }

    mutating func readValue(_ tag: FastTag, start: Int, depth: Int) throws(ModelError) -> FastObject {
        switch tag {
        case .nil: return .nilValue
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .one: return .integer(1)
        case .zero: return .integer(0)
        case .int8, .int16, .int32, .int64: return .integer(try reader.readInteger(tag))
        case .float32: return .float32(try reader.readFloat32())
        case .float64: return .float64(try reader.readFloat64())
        case .decimalNumber: return .decimal(try reader.readDecimal())
        case .objectAlias8, .objectAlias16, .objectAlias32: return .alias(try reader.readObjectAlias(tag))
        case .stringAlias8, .stringAlias16, .stringAlias32:
            switch try reader.readStringAlias(tag) {
            case .string(let text): return .string(text)
            case .url(let url): return .url(url)
            }
        case .string: return .string(try reader.readString())
        case .mutableString:
            let text = try reader.readRawString()
            _ = reader.reserveObjectSlot()
            return .mutableString(text)
        case .data, .mutableData:
            let bytes = try reader.readData()
            _ = reader.reserveObjectSlot()
            return .data(bytes, mutable: tag == .mutableData)
        case .date, .legacyDate:
            let seconds = try reader.readFloat64()
            _ = reader.reserveObjectSlot()
            return tag == .date ? .date(sinceReferenceDate: seconds) : .legacyDate(since1970: seconds)
        case .array, .set, .orderedSet, .mutableArray, .mutableSet, .mutableOrderedSet:
            return try readList(tag, start: start, depth: depth)
        case .dictionary, .mutableDictionary:
            return try readDictionary(mutable: tag == .mutableDictionary, start: start, depth: depth)
        case .classDefinition:
            _ = try reader.readClassDefinition()
            let objectStart = reader.offset
            let next = try reader.readTag()
            guard next == .object8 || next == .object16 || next == .object32 else {
                throw reader.failure(.malformed("a class definition followed by \(next), not by an object"), at: objectStart)
            }
            return try readObject(next, start: objectStart, depth: depth)
        case .object8, .object16, .object32:
            return try readObject(tag, start: start, depth: depth)
        case .url:
            return .url(try readURL(start: start, depth: depth))
        case .point, .size, .rect, .range, .vector, .affineTransform, .transform3D:
            return .geometry(try reader.readGeometry(tag))
        case .indexSet, .mutableIndexSet:
            let ranges = try reader.readIndexRanges()
            _ = reader.reserveObjectSlot()
            return .indexSet(ranges, mutable: tag == .mutableIndexSet)
        case .codedObject:
            return try readCodedObject(start: start, depth: depth)
        case .keyedArchive:
            let dataStart = reader.offset
            guard try reader.readTag() == .data else {
                throw reader.failure(.malformed("a keyed archive that is not followed by a data chunk"), at: dataStart)
            }
            let archive = try reader.readData()
            _ = reader.reserveObjectSlot()  // the data
            _ = reader.reserveObjectSlot()  // the object unarchived from it
            return .keyedArchive(archive)
        }
    }

    private mutating func checkDepth(_ depth: Int, start: Int) throws(ModelError) {
        guard depth < maximumDepth else {
            throw reader.failure(DecodingLimits.depthExceeded(maximumDepth), at: start)
        }
    }

    private mutating func readList(_ tag: FastTag, start: Int, depth: Int) throws(ModelError) -> FastObject {
        try checkDepth(depth, start: start)
        let mutable = tag == .mutableArray || tag == .mutableSet || tag == .mutableOrderedSet
        let kind: FastObject.ListKind = switch tag {
        case .set, .mutableSet: .set
        case .orderedSet, .mutableOrderedSet: .orderedSet
        default: .array
        }
        let count = try reader.readCount(minimumBytes: 1)
        if mutable { _ = reader.reserveObjectSlot() }
        var elements: [FastObject] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try readValue(depth: depth + 1)) }
        if !mutable { _ = reader.reserveObjectSlot() }
        return .list(elements, kind: kind, mutable: mutable)
    }

    private mutating func readDictionary(mutable: Bool, start: Int, depth: Int) throws(ModelError) -> FastObject {
        try checkDepth(depth, start: start)
        let count = try reader.readCount(minimumBytes: 2)
        if mutable { _ = reader.reserveObjectSlot() }
        var entries: [FastObject.Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let value = try readValue(depth: depth + 1)
            entries.append(FastObject.Entry(key: try readValue(depth: depth + 1), value: value))
        }
        if !mutable { _ = reader.reserveObjectSlot() }
        return .dictionary(entries, mutable: mutable)
    }

    private mutating func readObject(_ tag: FastTag, start: Int, depth: Int) throws(ModelError) -> FastObject {
        try checkDepth(depth, start: start)
        let (_, definition) = try reader.readObjectClass(tag)
        _ = reader.reserveObjectSlot()
        var values: [FastObject] = []
        values.reserveCapacity(min(definition.keys.count, reader.remaining))
        for _ in definition.keys { values.append(try readValue(depth: depth + 1)) }
        return .object(className: definition.className, keys: definition.keys, values: values)
    }

    private mutating func readURL(start: Int, depth: Int) throws(ModelError) -> FastURL {
        try checkDepth(depth, start: start)
        let relativeStart = reader.offset
        let relative: String
        switch try readValue(depth: depth + 1) {
        case .string(let text), .mutableString(let text): relative = text
        case let other:
            throw reader.failure(.malformed("a URL whose relative string is \(other.kindName)"), at: relativeStart)
        }
        let baseStart = reader.offset
        let base: FastURL?
        switch try readValue(depth: depth + 1) {
        case .nilValue: base = nil
        case .url(let url): base = url
        case let other:
            throw reader.failure(.malformed("a URL whose base is \(other.kindName)"), at: baseStart)
        }
        let url = FastURL(relative: relative, base: base)
        reader.cacheURL(url)
        return url
    }

    private mutating func readCodedObject(start: Int, depth: Int) throws(ModelError) -> FastObject {
        try checkDepth(depth, start: start)
        let nameStart = reader.offset
        guard case .string(let className) = try readValue(depth: depth + 1) else {
            throw reader.failure(.malformed("an NSCoded object whose class name is not a string"), at: nameStart)
        }
        var entries: [FastObject.Entry] = []
        while true {
            let value = try readValue(depth: depth + 1)
            if value == .nilValue { break }
            let keyStart = reader.offset
            let key = try readValue(depth: depth + 1)
            guard case .string = key else {
                throw reader.failure(.malformed("an NSCoded object whose key is \(key.kindName), not a string"), at: keyStart)
            }
            entries.append(FastObject.Entry(key: key, value: value))
        }
        _ = reader.reserveObjectSlot()
        return .codedObject(className: className, entries: entries)
    }
}

extension FastObject {
    /// A short name of this value's kind for error messages.
    var kindName: String {
        switch self {
        case .nilValue: "nil"
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .float32, .float64, .decimal: "a number"
        case .string, .mutableString: "a string"
        case .data: "data"
        case .date, .legacyDate: "a date"
        case .list(_, let kind, _): "a \(kind)"
        case .dictionary: "a dictionary"
        case .object(let className, _, _): "an object of class \(className)"
        case .alias: "an object alias"
        case .url: "a URL"
        case .geometry(let value): "a \(value.tag)"
        case .indexSet: "an index set"
        case .codedObject(let className, _): "an NSCoded \(className)"
        case .keyedArchive: "a keyed archive"
        }
    }
}
