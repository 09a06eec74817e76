import Foundation

extension ModelValue: CustomStringConvertible {
    /// A compact, JSON-like rendering: strings quoted, dates in ISO-8601 (UTC), data as its size
    /// and first bytes in hex, dictionaries in their key order.
    public var description: String {
        // Recursive, like the readers: a deep tree gets the stack a deep decode gets.
        StackReserve.run {
            var output = ""
            write(to: &output, indent: nil, level: 0)
            return output
        }
    }

    /// The same rendering as ``description``, indented two spaces per level, one entry a line.
    package var indentedDescription: String {
        StackReserve.run {
            var output = ""
            write(to: &output, indent: "  ", level: 0)
            return output
        }
    }

    private func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .unsignedInteger(let value): output += String(value)
        case .double(let value): output += String(value)
        case .string(let value): output += ModelValue.quoted(value)
        case .date(let value): output += value.formatted(ISO8601DateFormatStyleCache.withFractionalSeconds)
        case .data(let value): output += ModelValue.dataSummary(value)
        case .array(let elements):
            writeContainer(to: &output, open: "[", close: "]", count: elements.count, indent: indent, level: level) { index, output in
                elements[index].write(to: &output, indent: indent, level: level + 1)
            }
        case .dictionary(let entries):
            writeContainer(to: &output, open: "{", close: "}", count: entries.count, indent: indent, level: level) { index, output in
                output += ModelValue.quoted(entries.keys[index])
                output += ": "
                entries.values[index].write(to: &output, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        to output: inout String, open: String, close: String, count: Int, indent: String?, level: Int,
        element: (Int, inout String) -> Void
    ) {
        output += open
        guard count > 0 else { return output += close }
        for index in 0..<count {
            if index > 0 { output += indent == nil ? ", " : "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            element(index, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func dataSummary(_ data: Data) -> String {
        let shown = data.prefix(16).map { String(format: "%02x", $0) }.joined()
        return "<\(data.count) bytes\(data.isEmpty ? "" : ": ")\(shown)\(data.count > 16 ? "…" : "")>"
    }
}

/// Date styles shared by descriptions and the built-in date transformers. `Date.ISO8601FormatStyle`
/// is a `Sendable` value, unlike `ISO8601DateFormatter`, so it can live in a `static let`.
enum ISO8601DateFormatStyleCache {
    static let withFractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    static let wholeSeconds = Date.ISO8601FormatStyle(timeZone: .gmt)
}
