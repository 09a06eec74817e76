import Foundation
import OrderedCollections

/// Reads XML property lists into a graph (an ``InputIndex``) with a small XML reader of its own
/// (no libxml2, no entity expansion beyond XML's five names and character references).
///
/// - Text may be UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark or a
///   leading `<`, or ISO-8859-1 when the declaration says so.
/// - The `<plist>` wrapper is optional (some writers leave it out); the declaration, doctype,
///   comments and processing instructions are skipped wherever XML allows them.
/// - `<dict><key>CF$UID</key><integer>N</integer></dict>` is a UID, as CoreFoundation reads it:
///   that dictionary, of variant ``GraphVariant/uid``. A key that occurs twice in a dictionary
///   keeps its first place and takes its last value.
/// - `<integer>` accepts decimal and `0x` hexadecimal; `<real>` accepts `±infinity`, `inf` and
///   `nan`; `<date>` is `yyyy-MM-ddTHH:mm:ss` with optional fraction and a final `Z`; `<data>`
///   is base64 with any whitespace inside.
/// - Character data is kept as written (line ends are not rewritten), as CoreFoundation does.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private let format: String
    private let maximumDepth: Int
    private var position = 0
    private var builder = GraphBuilder()

    private struct Tag {
        let name: String
        let selfClosing: Bool
        let offset: Int
    }

    /// Reads an XML property list into a graph.
    ///
    /// - Parameters:
    ///   - format: The format named in errors (`xml`, or `keyed-archive` when reading an archive).
    ///   - maximumDepth: How many containers may nest.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/malformed(_:)`` or
    ///   ``ModelError/Reason/truncated`` and the byte offset (in the UTF-8 form of the text),
    ///   ``ModelError/Reason/unsupported(_:)`` for nesting deeper than `maximumDepth`.
    static func readGraph(_ data: Data, format: String = "xml", maximumDepth: Int = DecodingLimits.current.maximumDepth) throws(ModelError) -> InputIndex {
        var reader = XMLPropertyListReader(bytes: try XMLText.utf8(data, format: format), format: format, maximumDepth: maximumDepth)
        let root = try reader.readDocument()
        return reader.builder.index(root: root)
    }

    /// Reads an XML property list as a ``PropertyListObject`` (``readGraph(_:format:maximumDepth:)``,
    /// then ``PropertyListObject/init(graph:byteCount:format:)``).
    ///
    /// - Throws: ``ModelError`` as ``readGraph(_:format:maximumDepth:)``.
    static func read(_ data: Data, format: String = "xml", maximumDepth: Int = DecodingLimits.current.maximumDepth) throws(ModelError) -> PropertyListObject {
        try PropertyListObject(graph: readGraph(data, format: format, maximumDepth: maximumDepth), byteCount: data.count, format: format)
    }

    private init(bytes: [UInt8], format: String, maximumDepth: Int) {
        self.bytes = bytes
        self.format = format
        self.maximumDepth = maximumDepth
    }

    private mutating func readDocument() throws(ModelError) -> Int32 {
        guard !bytes.isEmpty else { throw ModelError(.empty, format: format) }
        try skipMarkup()
        guard let tag = try readStartTag() else { throw failure(atEnd ? .truncated : .malformed("no property list element")) }
        let value: Int32
        if tag.name == "plist" {
            guard let inner = try nextChild(of: tag) else { throw failure(.malformed("<plist> holds no value"), at: tag.offset) }
            value = try readValue(inner, depth: 0)
            guard try nextChild(of: tag) == nil else { throw failure(.malformed("<plist> holds more than one value"), at: tag.offset) }
        } else {
            value = try readValue(tag, depth: 0)
        }
        try skipMarkup()
        guard atEnd else { throw failure(.malformed("content after the property list")) }
        return value
    }

    // MARK: - Values

    private mutating func readValue(_ tag: Tag, depth: Int) throws(ModelError) -> Int32 {
        switch tag.name {
        case "dict": return try readDictionary(tag, depth: depth)
        case "array": return try readArray(tag, depth: depth)
        case "string": return builder.string(try readText(of: tag))
        case "true", "false":
            guard try readText(of: tag).allSatisfy(\.isXMLWhitespace) else {
                throw failure(.malformed("<\(tag.name)> holds text"), at: tag.offset)
            }
            return builder.bool(tag.name == "true")
        case "integer", "real", "date", "data":
            let text = try readText(of: tag)
            let node: Int32? = switch tag.name {
            case "integer":
                switch XMLScalars.integer(text) {
                case .integer(let value)?: builder.integer(value)
                case .unsignedInteger(let value)?: builder.unsigned(value)
                default: nil
                }
            case "real": XMLScalars.real(text).map { builder.double($0) }
            case "date": XMLScalars.date(text).map { builder.date($0) }
            default: XMLScalars.data(text).map { builder.data($0) }
            }
            guard let node else {
                throw failure(.malformed("\(ModelValue.quoted(String(text.prefix(40)))) is not a valid <\(tag.name)>"), at: tag.offset)
            }
            return node
        case "key": throw failure(.malformed("<key> outside a dictionary"), at: tag.offset)
        default: throw failure(.malformed("unknown element <\(tag.name)>"), at: tag.offset)
        }
    }

    private mutating func readArray(_ tag: Tag, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, tag)
        let node = builder.open(.array)
        while let child = try nextChild(of: tag) {
            builder.add(try readValue(child, depth: depth + 1))
        }
        builder.close()
        return node
    }

    private mutating func readDictionary(_ tag: Tag, depth: Int) throws(ModelError) -> Int32 {
        try checkDepth(depth, tag)
        let node = builder.open(.dictionary)
        while let keyTag = try nextChild(of: tag) {
            guard keyTag.name == "key" else {
                throw failure(.malformed("<\(keyTag.name)> where a <key> belongs in <dict>"), at: keyTag.offset)
            }
            let key = try readText(of: keyTag)
            guard let valueTag = try nextChild(of: tag) else {
                throw failure(.malformed("the key \(ModelValue.quoted(key)) has no value"), at: keyTag.offset)
            }
            builder.addKey(key)
            builder.add(try readValue(valueTag, depth: depth + 1))
        }
        builder.close()
        // CoreFoundation reads a dictionary holding only CF$UID, a non-negative integer, as a UID.
        if builder.isUIDDictionary(node) { builder.setVariant(.uid, of: node) }
        return node
    }

    private func checkDepth(_ depth: Int, _ tag: Tag) throws(ModelError) {
        guard depth < maximumDepth else {
            throw failure(DecodingLimits.depthExceeded(maximumDepth), at: tag.offset)
        }
    }

    // MARK: - Markup

    private var atEnd: Bool { position >= bytes.count }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func hasPrefix(_ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in memcmp(buffer.baseAddress! + offset, text.utf8Start, count) == 0 }
    }

    /// The index of the next `<` or `&` from `start`, or the end of the text.
    private func nextMarkup(from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        return bytes.withUnsafeBufferPointer { buffer -> Int in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            var end = buffer.count
            if let found = memchr(base + start, Int32(UInt8(ascii: "<")), end - start) {
                end = base.distance(to: UnsafeRawPointer(found))
            }
            if let found = memchr(base + start, Int32(UInt8(ascii: "&")), end - start) {
                end = base.distance(to: UnsafeRawPointer(found))
            }
            return end
        }
    }

    /// Skips whitespace, comments, processing instructions and a doctype.
    private mutating func skipMarkup() throws(ModelError) {
        while let current = byte(at: position) {
            if current.isXMLWhitespace {
                position += 1
            } else if !(try skipComment()) {
                return
            }
        }
    }

    /// Skips one comment, processing instruction or doctype at `position`; `false` when there is none.
    private mutating func skipComment() throws(ModelError) -> Bool {
        if hasPrefix("<!--", at: position) {
            try skip(past: "-->", from: position + 4)
        } else if hasPrefix("<?", at: position) {
            try skip(past: "?>", from: position + 2)
        } else if hasPrefix("<!DOCTYPE", at: position) {
            var index = position + 9
            var bracketDepth = 0
            while let current = byte(at: index) {
                if current == UInt8(ascii: "[") { bracketDepth += 1 }
                if current == UInt8(ascii: "]") { bracketDepth -= 1 }
                if current == UInt8(ascii: ">"), bracketDepth <= 0 { break }
                index += 1
            }
            guard index < bytes.count else { throw failure(.truncated, at: bytes.count) }
            position = index + 1
        } else {
            return false
        }
        return true
    }

    private mutating func skip(past terminator: StaticString, from start: Int) throws(ModelError) {
        var index = start
        while index < bytes.count {
            if bytes[index] == terminator.utf8Start.pointee, hasPrefix(terminator, at: index) {
                position = index + terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw failure(.truncated, at: bytes.count)
    }

    /// The start tag at `position`, or `nil` when `position` is not at one.
    private mutating func readStartTag() throws(ModelError) -> Tag? {
        guard byte(at: position) == UInt8(ascii: "<"), let first = byte(at: position + 1), first.isXMLNameStart else { return nil }
        let offset = position
        var index = position + 1
        while let current = byte(at: index), current.isXMLNameByte { index += 1 }
        let name = String(decoding: bytes[(position + 1)..<index], as: UTF8.self)
        var quote: UInt8?
        while let current = byte(at: index) {
            if let open = quote {
                if current == open { quote = nil }
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                quote = current
            } else if current == UInt8(ascii: ">") {
                position = index + 1
                return Tag(name: name, selfClosing: bytes[index - 1] == UInt8(ascii: "/"), offset: offset)
            } else if current == UInt8(ascii: "<") {
                throw failure(.malformed("\"<\" inside the tag <\(name)>"), at: index)
            }
            index += 1
        }
        throw failure(.truncated, at: bytes.count)
    }

    /// Reads `</name>` at `position`.
    private mutating func readEndTag(_ name: String) throws(ModelError) {
        let offset = position
        position += 2
        let start = position
        while let current = byte(at: position), current.isXMLNameByte { position += 1 }
        let found = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
        while let current = byte(at: position), current.isXMLWhitespace { position += 1 }
        guard byte(at: position) == UInt8(ascii: ">") else {
            throw failure(atEnd ? .truncated : .malformed("a broken end tag </\(found)"), at: offset)
        }
        position += 1
        guard found == name else { throw failure(.malformed("</\(found)> closes <\(name)>"), at: offset) }
    }

    /// The next child element of a container, or `nil` once its end tag has been read. Only
    /// whitespace, comments and processing instructions may stand between children.
    private mutating func nextChild(of parent: Tag) throws(ModelError) -> Tag? {
        if parent.selfClosing { return nil }
        try skipMarkup()
        guard !atEnd else { throw failure(.truncated) }
        if hasPrefix("</", at: position) {
            try readEndTag(parent.name)
            return nil
        }
        if let tag = try readStartTag() { return tag }
        throw failure(.malformed("text or markup where an element belongs in <\(parent.name)>"))
    }

    /// The character data of a leaf element up to its end tag: entities and character references
    /// decoded, CDATA sections taken as they are, comments skipped.
    private mutating func readText(of tag: Tag) throws(ModelError) -> String {
        if tag.selfClosing { return "" }
        var text: [UInt8] = []
        while let current = byte(at: position) {
            switch current {
            case UInt8(ascii: "<"):
                if hasPrefix("</", at: position) {
                    try readEndTag(tag.name)
                    return String(decoding: text, as: UTF8.self)
                } else if hasPrefix("<![CDATA[", at: position) {
                    let start = position + 9
                    try skip(past: "]]>", from: start)
                    text += bytes[start..<(position - 3)]
                } else if hasPrefix("<!--", at: position) || hasPrefix("<?", at: position) {
                    _ = try skipComment()
                } else {
                    throw failure(.malformed("markup inside <\(tag.name)>"))
                }
            case UInt8(ascii: "&"):
                text += try readReference()
            default:
                let start = position
                position = nextMarkup(from: position)
                text += bytes[start..<position]
            }
        }
        throw failure(.truncated)
    }

    /// Decodes `&name;` or `&#N;` / `&#xH;` at `position` into UTF-8.
    private mutating func readReference() throws(ModelError) -> [UInt8] {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw failure(.malformed("an entity reference without \";\""), at: start)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                throw failure(.malformed("unknown entity &\(name);"), at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private func failure(_ reason: ModelError.Reason, at offset: Int? = nil) -> ModelError {
        ModelError(reason, format: format, offset: offset ?? position)
    }
}

extension UInt8 {
    var isXMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }

    var isXMLNameStart: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || self == UInt8(ascii: "_") || self == UInt8(ascii: ":") || self >= 0x80
    }

    var isXMLNameByte: Bool {
        isXMLNameStart || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-")
            || self == UInt8(ascii: ".")
    }
}

extension Character {
    var isXMLWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}
