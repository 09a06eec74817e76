import Foundation

/// Writes a ``ModelValue`` tree as UTF-8 JSON: the tree entry of the JSON writer,
/// ``JSONModelWriter`` (``ModelWriter/writeTree(_:)``), and the layout options it takes.
///
/// ```swift
/// let value: ModelValue = ["name": "Ada", "tags": ["math"]]
/// try JSONWriter.string(from: value)                      // {"name":"Ada","tags":["math"]}
/// try JSONWriter.string(from: value, options: .sortedKeys)
/// ```
///
/// Output is compact by default and keeps the key order of the tree. Values without a JSON form
/// are written as follows:
///
/// - ``ModelValue/date(_:)``: an ISO-8601 string in UTC with milliseconds,
///   `"2014-08-31T00:29:15.000Z"` (rounded to the nearest millisecond).
/// - ``ModelValue/data(_:)``: a standard base64 string without line breaks.
/// - ``ModelValue/unsignedInteger(_:)``: its exact decimal digits.
/// - ``ModelValue/double(_:)``: the shortest text that reads back as the same double (Swift's
///   `description`), so integral doubles keep their fraction (`1.0`) and stay doubles when read
///   back. NaN and infinities have no JSON form and are rejected.
///
/// Strings escape `"`, `\`, `/` (unless ``Options/withoutEscapingSlashes``) and control
/// characters (`\b`, `\f`, `\n`, `\r`, `\t`, otherwise `\u00XX`); every other character is written
/// as UTF-8.
enum JSONWriter {
    /// Options for the output's layout.
    struct Options: OptionSet, Sendable, Hashable {
        /// The options' bits.
        let rawValue: Int

        /// Creates options from their bits.
        init(rawValue: Int) { self.rawValue = rawValue }

        /// One entry a line, indented two spaces per level, with `" : "` between a key and its
        /// value (the layout of Foundation's `JSONSerialization`). Empty containers stay `[]`
        /// and `{}`.
        static let prettyPrinted = Options(rawValue: 1 << 0)
        /// Dictionary keys in ascending order of their Unicode code points (UTF-8 byte order)
        /// instead of the tree's order.
        static let sortedKeys = Options(rawValue: 1 << 1)
        /// Writes `/` as is instead of `\/`.
        static let withoutEscapingSlashes = Options(rawValue: 1 << 2)
    }

    /// Writes a value as JSON.
    ///
    /// - Parameters:
    ///   - value: The value; any kind, including a scalar, is written.
    ///   - options: The layout.
    /// - Returns: The UTF-8 encoded JSON text.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/invalidValue(_:)``, format `"json"` and
    ///   the path of the value, for a double that is NaN or infinite or a date that is not finite.
    static func data(from value: ModelValue, options: Options = []) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = JSONModelWriter(options: options, capacity: 1024)
            writer.writeTree(value)
            return try writer.finish()
        }
    }

    /// Writes a value as JSON text.
    ///
    /// - Parameters:
    ///   - value: The value; any kind, including a scalar, is written.
    ///   - options: The layout.
    /// - Returns: The JSON text.
    /// - Throws: ``ModelError`` as ``data(from:options:)`` does.
    static func string(from value: ModelValue, options: Options = []) throws(ModelError) -> String {
        String(decoding: try bytes(from: value, options: options), as: UTF8.self)
    }

    /// Writes a value as JSON into a byte array.
    ///
    /// - Parameters:
    ///   - value: The value; any kind, including a scalar, is written.
    ///   - options: The layout.
    /// - Returns: The UTF-8 encoded JSON text.
    /// - Throws: ``ModelError`` as ``data(from:options:)`` does.
    static func bytes(from value: ModelValue, options: Options = []) throws(ModelError) -> [UInt8] {
        try StackReserve.run { () throws(ModelError) -> [UInt8] in
            let writer = JSONModelWriter(options: options, capacity: 1024)
            writer.writeTree(value)
            return try writer.finishBytes()
        }
    }
}
