import Foundation

/// Writes ``PropertyListObject``s as XML property lists, in the layout CoreFoundation uses: the
/// XML declaration and Apple doctype, `<plist version="1.0">`, one element per line indented
/// with tabs, dictionary keys in their order.
///
/// Text escapes `&`, `<` and `>`; control characters other than tab and line feed (which XML
/// cannot hold literally) are written as character references, which ``XMLPropertyListReader``
/// reads back, except NUL, which no XML can hold (the reader refuses `&#0;`): a string or key
/// holding it is an error. Dates are written in whole seconds of UTC (`2011-11-28T09:21:30Z`), as every XML
/// property list writer does; data is base64 on one line; UIDs are `CF$UID` dictionaries.
enum XMLPropertyListWriter {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The XML property list of `object`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` (format `xml`) for a date outside the
    ///   years 0000 to 9999, which the text form cannot hold, and for a string or key holding NUL.
    static func data(from object: PropertyListObject, format: String = "xml") throws(ModelError) -> Data {
        var output = header
        try write(object, level: 0, path: .root, format: format, to: &output)
        output += "</plist>\n"
        return Data(output.utf8)
    }

    private static func write(
        _ object: PropertyListObject, level: Int, path: ModelPath, format: String, to output: inout String
    ) throws(ModelError) {
        let indent = String(repeating: "\t", count: level)
        output += indent
        switch object {
        case .string(let value):
            output += "<string>\(try escaped(value, path: path, format: format))</string>\n"
        case .integer(let value):
            output += "<integer>\(value)</integer>\n"
        case .unsignedInteger(let value):
            output += "<integer>\(value)</integer>\n"
        case .real(let value):
            output += "<real>\(XMLScalars.realText(value))</real>\n"
        case .bool(let value):
            output += value ? "<true/>\n" : "<false/>\n"
        case .date(let value):
            guard let text = XMLScalars.dateText(value) else {
                throw ModelError(
                    .unsupported("an XML property list cannot hold a date \(value.timeIntervalSince1970) seconds from 1970 (years 0000 to 9999 only)"),
                    path: path, format: format)
            }
            output += "<date>\(text)</date>\n"
        case .data(let value):
            output += "<data>\(value.base64EncodedString())</data>\n"
        case .uid(let value):
            output += "<dict>\n\(indent)\t<key>CF$UID</key>\n\(indent)\t<integer>\(value)</integer>\n\(indent)</dict>\n"
        case .array(let elements):
            guard !elements.isEmpty else { return output += "<array/>\n" }
            output += "<array>\n"
            for (index, element) in elements.enumerated() {
                try write(element, level: level + 1, path: path.appending(.index(index)), format: format, to: &output)
            }
            output += "\(indent)</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { return output += "<dict/>\n" }
            output += "<dict>\n"
            for (key, value) in entries {
                output += "\(indent)\t<key>\(try escaped(key, path: path.appending(.key(key)), format: format))</key>\n"
                try write(value, level: level + 1, path: path.appending(.key(key)), format: format, to: &output)
            }
            output += "\(indent)</dict>\n"
        }
    }

    /// Text with `&`, `<`, `>` escaped and control characters as character references.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` at `path` when the text holds NUL.
    static func escaped(_ text: String, path: ModelPath, format: String) throws(ModelError) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 < 0x20 })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\0":
                throw ModelError(.unsupported("an XML property list cannot hold NUL (U+0000) in a string"), path: path, format: format)
            case _ where scalar.value < 0x20: result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
