import Foundation

extension FastObject {
    /// Writes the document as a FastCoding 3.3 file.
    ///
    /// Objects reuse a class definition only when it has exactly their keys, so a document read
    /// from a file is written back byte for byte.
    ///
    /// ```swift
    /// let document = FastObject.dictionary([.init(key: .string("a"), value: .integer(1))], mutable: false)
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
