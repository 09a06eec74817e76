import Foundation

extension ModelValue: CustomStringConvertible {
    /// A compact, JSON-like rendering: strings quoted, dates in ISO-8601 (UTC), data as its size
    /// and first bytes in hex, dictionaries in their key order.
    public var description: String {
        // Recursive, like the readers: a deep tree gets the stack a deep decode gets.
        styledDescription(indented: false)
    }

    /// The same rendering as ``description``, indented two spaces per level, one entry a line.
    package var indentedDescription: String { styledDescription(indented: true) }

    /// What a piece of a rendered tree is, for a caller that styles the pieces (`basemodel
    /// inspect --color` colours each role differently).
    package enum DescriptionRole: Sendable, CaseIterable {
        /// A dictionary key, quoted.
        case key
        /// A string value, quoted.
        case string
        /// An integer or a real number.
        case number
        /// `true`, `false` or `null`.
        case literal
        /// A date or data.
        case typed
        /// A typed object's `"$class": "Name"` entry, key and value together.
        case className
        /// An alias's `"$alias": "key.path"` entry, key and value together.
        case alias
    }

    /// The rendering of ``description`` (or ``indentedDescription`` when `indented`), each piece
    /// passed through `style` with its role; punctuation and indentation are not. Without a
    /// style, the text is exactly ``description`` or ``indentedDescription``.
    package func styledDescription(indented: Bool, style: ((DescriptionRole, String) -> String)? = nil) -> String {
        StackReserve.run {
            var output = DescriptionOutput(newlinesLeft: .max)
            write(to: &output, indent: indented ? "  " : nil, level: 0, style: style)
            return output.text
        }
    }

    /// The first `limit` lines of ``styledDescription(indented:style:)`` (without a line break
    /// after the last), rendered up to there and no further, and how many lines the whole
    /// rendering has (counted from the tree's shape, without rendering the rest). The lines are
    /// the whole rendering's first lines, character for character. Not indented, the rendering
    /// is one line.
    package func styledDescription(
        indented: Bool, firstLines limit: Int, style: ((DescriptionRole, String) -> String)? = nil
    ) -> (text: String, lineCount: Int) {
        StackReserve.run {
            var output = DescriptionOutput(newlinesLeft: max(limit, 1) - 1)
            write(to: &output, indent: indented ? "  " : nil, level: 0, style: style)
            return (output.text, indented ? 1 + lineBreakCount : 1)
        }
    }

    /// How many line breaks the indented rendering has: one before each element of a container
    /// and one before its closing bracket.
    private var lineBreakCount: Int {
        switch self {
        case .null, .bool, .integer, .unsignedInteger, .double, .string, .date, .data: return 0
        case .array(let elements):
            return elements.isEmpty ? 0 : elements.reduce(elements.count + 1) { $0 + $1.lineBreakCount }
        case .dictionary(let entries):
            return entries.isEmpty ? 0 : entries.values.reduce(entries.count + 1) { $0 + $1.lineBreakCount }
        }
    }

    /// A rendering under way: the text so far, and how many more line breaks it may take before
    /// it is full (the break that would start the line after the last one wanted).
    private struct DescriptionOutput {
        var text = ""
        var newlinesLeft: Int
        private(set) var isFull = false

        init(newlinesLeft: Int) { self.newlinesLeft = newlinesLeft }

        static func += (output: inout DescriptionOutput, piece: String) {
            if !output.isFull { output.text += piece }
        }

        /// A line break and the indentation of `level`, unless the lines wanted are all written.
        mutating func breakLine(indent: String, level: Int) {
            guard !isFull else { return }
            guard newlinesLeft > 0 else { return isFull = true }
            newlinesLeft -= 1
            text += "\n" + String(repeating: indent, count: level)
        }
    }

    private func write(to output: inout DescriptionOutput, indent: String?, level: Int, style: ((DescriptionRole, String) -> String)? = nil) {
        func styled(_ role: DescriptionRole, _ text: String) -> String { style.map { $0(role, text) } ?? text }
        switch self {
        case .null: output += styled(.literal, "null")
        case .bool(let value): output += styled(.literal, value ? "true" : "false")
        case .integer(let value): output += styled(.number, String(value))
        case .unsignedInteger(let value): output += styled(.number, String(value))
        case .double(let value): output += styled(.number, String(value))
        case .string(let value): output += styled(.string, ModelValue.quoted(value))
        case .date(let value): output += styled(.typed, value.formatted(ISO8601DateFormatStyleCache.withFractionalSeconds))
        case .data(let value): output += styled(.typed, ModelValue.dataSummary(value))
        case .array(let elements):
            writeContainer(to: &output, open: "[", close: "]", count: elements.count, indent: indent, level: level) { index, output in
                elements[index].write(to: &output, indent: indent, level: level + 1, style: style)
            }
        case .dictionary(let entries):
            writeContainer(to: &output, open: "{", close: "}", count: entries.count, indent: indent, level: level) { index, output in
                let key = entries.keys[index]
                if style != nil, key == TypedTree.classKey || key == TypedTree.aliasKey, case .string(let name) = entries.values[index] {
                    let role: DescriptionRole = key == TypedTree.classKey ? .className : .alias
                    return output += styled(role, "\(ModelValue.quoted(key)): \(ModelValue.quoted(name))")
                }
                output += styled(.key, ModelValue.quoted(key))
                output += ": "
                entries.values[index].write(to: &output, indent: indent, level: level + 1, style: style)
            }
        }
    }

    private func writeContainer(
        to output: inout DescriptionOutput, open: String, close: String, count: Int, indent: String?, level: Int,
        element: (Int, inout DescriptionOutput) -> Void
    ) {
        output += open
        guard count > 0 else { return output += close }
        for index in 0..<count {
            if output.isFull { return }
            if index > 0 { output += indent == nil ? ", " : "," }
            if let indent { output.breakLine(indent: indent, level: level + 1) }
            element(index, &output)
        }
        if let indent { output.breakLine(indent: indent, level: level) }
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
