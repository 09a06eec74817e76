import Foundation

/// The text encodings an XML property list may arrive in, turned into UTF-8.
enum XMLText {
    /// The document as UTF-8 bytes: a UTF-8 byte-order mark is dropped, UTF-16 (with a
    /// byte-order mark, or recognised by its leading `<`) is transcoded, and a document that
    /// declares ISO-8859-1 is mapped byte for byte.
    ///
    /// - Throws: ``ModelError/Reason/malformed(_:)`` for bytes that are not valid in the encoding.
    static func utf8(_ data: Data, format: String) throws(ModelError) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false, format: format) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true, format: format) }
        if bytes.starts(with: [0x3C, 0x00]) { return try utf16(bytes[...], bigEndian: false, format: format) }
        if bytes.starts(with: [0x00, 0x3C]) { return try utf16(bytes[...], bigEndian: true, format: format) }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if declaresLatin1(text) {
            var converted = String.UnicodeScalarView()
            converted.append(contentsOf: text.map { Unicode.Scalar($0) })
            return Array(String(converted).utf8)
        }
        guard String(bytes: text, encoding: .utf8) != nil else {
            throw ModelError(.malformed("the text is not valid UTF-8"), format: format)
        }
        return text
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, format: String) throws(ModelError) -> [UInt8] {
        guard bytes.count % 2 == 0 else { throw ModelError(.truncated, format: format, offset: bytes.count) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        guard !failed else { throw ModelError(.malformed("the text is not valid UTF-16"), format: format) }
        return output
    }

    /// The first characters of the document, decoded leniently (invalid bytes become U+FFFD),
    /// for recognising XML without reading all of it.
    static func leadingText(_ data: Data) -> Substring {
        let head = [UInt8](data.prefix(128))
        func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
            var units: [UInt16] = []
            for index in stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2) {
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
            }
            return String(decoding: units, as: UTF16.self)
        }
        if head.starts(with: [0xFF, 0xFE]) { return Substring(utf16(head.dropFirst(2), bigEndian: false)) }
        if head.starts(with: [0xFE, 0xFF]) { return Substring(utf16(head.dropFirst(2), bigEndian: true)) }
        if head.starts(with: [0x3C, 0x00]) { return Substring(utf16(head[...], bigEndian: false)) }
        if head.starts(with: [0x00, 0x3C]) { return Substring(utf16(head[...], bigEndian: true)) }
        return Substring(String(decoding: head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...], as: UTF8.self))
    }

    private static func declaresLatin1(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return false }
        let declaration = String(decoding: bytes.prefix(while: { $0 != UInt8(ascii: ">") }).prefix(200), as: UTF8.self).lowercased()
        return declaration.contains("iso-8859-1") || declaration.contains("latin1")
    }
}
