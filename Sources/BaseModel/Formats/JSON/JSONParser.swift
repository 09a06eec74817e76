import Foundation

/// A strict RFC 8259 JSON parser that reads UTF-8 bytes into a ``ModelValue`` tree: the JSON
/// reader's index (``JSONIndex``) as a tree (``InputIndex/typedTree()``).
///
/// ```swift
/// let value = try JSONParser.parse(data)
/// value["statuses"]?[0]?["user"]?["screen_name"]   // .string("ayuu0123")
/// ```
///
/// The reader works directly on the bytes, without building intermediate `String`s or
/// Foundation objects, and it is iterative: nesting costs heap memory, never stack. The tree is
/// then built from the index, one level of recursion per level of nesting, with the stack a
/// decode of ``DecodingLimits/maximumDepth`` levels needs (``StackReserve``); a finished tree is
/// compared and destroyed recursively too, so raising `maximumDepth` far above the default moves
/// that risk to the tree's users. Models are read from the index itself, without the tree.
///
/// ## What it accepts
///
/// - Exactly one JSON value, with optional whitespace (space, tab, line feed, carriage return)
///   around it. A top-level scalar such as `42` or `"text"` is accepted.
/// - A leading UTF-8 byte-order mark (`EF BB BF`) is skipped. Input that consists of nothing but
///   a byte-order mark and whitespace is reported as ``ModelError/Reason/empty``.
/// - Dictionaries keep the key order of the input. When a key appears more than once, **the last
///   value wins**; the key keeps the position (and spelling) of its first occurrence. Keys are
///   compared as Swift strings, so canonically equivalent spellings (`"\u00e9"` and
///   `"e\u0301"`) are the same key.
/// - Numbers without a fraction or exponent become ``ModelValue/integer(_:)`` when they fit in
///   `Int64` and ``ModelValue/unsignedInteger(_:)`` when they fit in `UInt64` above `Int64.max`.
///   Larger integers become ``ModelValue/double(_:)`` (the nearest double, so precision is lost).
///   `-0` is the integer `0`; `-0.0` is the double `-0.0`.
/// - Numbers with a fraction or an exponent become ``ModelValue/double(_:)``, correctly rounded.
///   Values too small for a double become `0.0`; values too large for a double (such as `1e400`)
///   are rejected, because a tree never holds an infinity.
/// - Containers may nest at most `maximumDepth` levels (``DecodingLimits/maximumDepth`` by default); the top-level array or
///   dictionary is level 1.
///
/// ## What it rejects
///
/// Everything else throws a ``ModelError`` whose `format` is `"json"`, whose `offset` is the byte
/// offset of the problem in the input, and whose `path` names the place in the document (for
/// example `statuses[3].user`): UTF-16 or UTF-32 input, invalid UTF-8 (in strings or elsewhere),
/// lone surrogates in `\u` escapes, unescaped control characters in strings, unknown escapes,
/// leading zeros, `+1`, `.5`, `NaN`, `Infinity`, hexadecimal numbers, comments, single quotes,
/// unquoted keys, trailing commas and data after the value. Empty input throws
/// ``ModelError/Reason/empty``; input that ends inside a value throws
/// ``ModelError/Reason/truncated``.
enum JSONParser {
    /// The nesting depth allowed by default: the current ``DecodingLimits/maximumDepth``.
    static var defaultMaximumDepth: Int { DecodingLimits.current.maximumDepth }

    /// Parses a JSON document from UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 encoded document. A leading byte-order mark is skipped.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest; deeper input is
    ///     rejected with ``ModelError/Reason/unsupported(_:)``.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` with format `"json"`, the byte offset and the path of the problem:
    ///   ``ModelError/Reason/empty`` for empty input, ``ModelError/Reason/truncated`` for input
    ///   that ends inside a value, ``ModelError/Reason/malformed(_:)`` for invalid JSON and
    ///   ``ModelError/Reason/unsupported(_:)`` for nesting deeper than `maximumDepth`.
    static func parse(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        try tree(of: JSONIndex.read(data, maximumDepth: maximumDepth), maximumDepth: maximumDepth)
    }

    /// Parses a JSON document from text.
    ///
    /// - Parameters:
    ///   - text: The document.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` as the `Data` overload does; offsets count UTF-8 bytes
    ///   of `text`.
    static func parse(_ text: some StringProtocol, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        var string = String(text)
        let index = string.withUTF8 { bytes in
            JSONIndex.read(bytes: UnsafeRawBufferPointer(bytes), maximumDepth: maximumDepth)
        }
        return try tree(of: index.get(), maximumDepth: maximumDepth)
    }

    /// Parses a JSON document from a buffer of UTF-8 bytes, which must stay valid for the call.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 encoded document. A leading byte-order mark is skipped.
    ///   - maximumDepth: How many levels of arrays and dictionaries may nest.
    /// - Returns: The document's value.
    /// - Throws: ``ModelError`` as the `Data` overload does.
    static func parse(bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth) throws(ModelError) -> ModelValue {
        try tree(of: JSONIndex.read(bytes: bytes, maximumDepth: maximumDepth).get(), maximumDepth: maximumDepth)
    }

    /// The tree of a JSON document's index, with the stack its depth needs: a depth above the
    /// current limits' is allowed for this walk.
    static func tree(of index: InputIndex, maximumDepth: Int) throws(ModelError) -> ModelValue {
        let limits = DecodingLimits.current
        guard maximumDepth > limits.maximumDepth else {
            return try StackReserve.run { () throws(ModelError) -> ModelValue in try index.typedTree() }
        }
        var deeper = limits
        deeper.maximumDepth = maximumDepth
        return try DecodingLimits.$current.withValue(deeper) {
            Result { () throws(ModelError) -> ModelValue in
                try StackReserve.run { () throws(ModelError) -> ModelValue in try index.typedTree() }
            }
        }.get()
    }
}

extension JSONParser {
    /// The first byte of `data` that is not a leading UTF-8 byte-order mark or JSON blank, or
    /// `nil` when there is none: what detection and `init(object:)` look at to tell JSON.
    static func firstSignificantByte(of data: Data) -> UInt8? {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        return (data.starts(with: byteOrderMark) ? data.dropFirst(3) : data[...]).first { byte in
            byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")
        }
    }
}
