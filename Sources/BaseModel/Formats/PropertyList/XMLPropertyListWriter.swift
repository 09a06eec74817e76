import Foundation

/// Writes a recorded document (``DocumentRecorder``) as an XML property list, in the layout
/// CoreFoundation uses: the XML declaration and Apple doctype, `<plist version="1.0">`, one
/// element per line indented with tabs, dictionary keys in their order.
///
/// Text escapes `&`, `<` and `>`; control characters other than tab and line feed (which XML
/// cannot hold literally) are written as character references, which ``XMLPropertyListReader``
/// reads back, except NUL, which no XML can hold (the reader refuses `&#0;`): a string or key
/// holding it is an error. Dates are written in whole seconds of UTC (`2011-11-28T09:21:30Z`), as
/// every XML property list writer does; data is base64 on one line. An object is a dictionary
/// whose first key is `$class`; an alias (a shared container met again) is `{"$alias": path}`,
/// as XML cannot refer to an element twice.
struct XMLPropertyListWriter {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    private let document: RecordedDocument
    private let spelling: PropertyListSpelling
    private var output = header
    private var steps: [ModelPath.Component] = []

    /// The XML property list of `document`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` with the spelling's format and the path
    ///   for a null the spelling has no form for (plain property lists have no null), a date
    ///   outside the years 0000 to 9999, which the text form cannot hold, and a string or key
    ///   holding NUL.
    static func data(of document: RecordedDocument, spelling: PropertyListSpelling) throws(ModelError) -> Data {
        var writer = XMLPropertyListWriter(document: document, spelling: spelling)
        if let root = document.root { try writer.write(root, level: 0) }
        writer.output += "</plist>\n"
        return Data(writer.output.utf8)
    }

    private init(document: RecordedDocument, spelling: PropertyListSpelling) {
        self.document = document
        self.spelling = spelling
    }

    private mutating func write(_ node: Int32, level: Int) throws(ModelError) {
        let item = document[node]
        if let object = spelling.object(for: item, in: document) {
            return try writeObject(className: object.className, fields: object.fields, level: level)
        }
        let indent = String(repeating: "\t", count: level)
        switch item.kind {
        case .null:
            throw spelling.noNull(at: steps)
        case .string:
            output += indent + "<string>\(try escaped(document.strings[item.index]))</string>\n"
        case .integer:
            output += indent + "<integer>\(item.integer)</integer>\n"
        case .unsigned:
            output += indent + "<integer>\(item.payload)</integer>\n"
        case .double:
            output += indent + "<real>\(XMLScalars.realText(item.double))</real>\n"
        case .bool:
            output += indent + (item.payload != 0 ? "<true/>\n" : "<false/>\n")
        case .date:
            output += indent + "<date>\(try dateText(Date(timeIntervalSinceReferenceDate: item.double)))</date>\n"
        case .data:
            output += indent + "<data>\(document.data[item.index].base64EncodedString())</data>\n"
        case .alias:
            try writeObject(className: nil, fields: [(TypedTree.aliasKey, .string(document.keyPath(ofAlias: item)))], level: level)
        case .array:
            guard item.count > 0 else { return output += indent + "<array/>\n" }
            output += indent + "<array>\n"
            for position in 0..<Int(item.count) {
                steps.append(.index(position))
                try write(document.element(of: item, at: position), level: level + 1)
                steps.removeLast()
            }
            output += indent + "</array>\n"
        case .dictionary, .object:
            let className = item.kind == .object ? document.className(of: item) : nil
            guard item.count > 0 || className != nil else { return output += indent + "<dict/>\n" }
            output += indent + "<dict>\n"
            if let className { try writeEntry(TypedTree.classKey, .string(className), level: level + 1) }
            for position in 0..<Int(item.count) {
                let (key, value) = document.entry(of: item, at: position)
                steps.append(.key(key))
                output += indent + "\t<key>\(try escaped(key))</key>\n"
                try write(value, level: level + 1)
                steps.removeLast()
            }
            output += indent + "</dict>\n"
        }
    }

    /// A dictionary of scalar fields, after `$class` when there is a class name.
    private mutating func writeObject(className: String?, fields: [(key: String, value: ModelValue)], level: Int) throws(ModelError) {
        let indent = String(repeating: "\t", count: level)
        output += indent + "<dict>\n"
        if let className { try writeEntry(TypedTree.classKey, .string(className), level: level + 1) }
        for (key, value) in fields { try writeEntry(key, value, level: level + 1) }
        output += indent + "</dict>\n"
    }

    /// A key and its scalar value.
    private mutating func writeEntry(_ key: String, _ value: ModelValue, level: Int) throws(ModelError) {
        let indent = String(repeating: "\t", count: level)
        steps.append(.key(key))
        defer { steps.removeLast() }
        output += String(repeating: "\t", count: level - 1) + "\t<key>\(try escaped(key))</key>\n"
        switch value {
        case .string(let text): output += indent + "<string>\(try escaped(text))</string>\n"
        case .data(let bytes): output += indent + "<data>\(bytes.base64EncodedString())</data>\n"
        case .double(let number): output += indent + "<real>\(XMLScalars.realText(number))</real>\n"
        case .date(let date): output += indent + "<date>\(try dateText(date))</date>\n"
        default: preconditionFailure("a spelled field is a string, data, a double or a date")
        }
    }

    private func dateText(_ date: Date) throws(ModelError) -> String {
        guard let text = XMLScalars.dateText(date) else {
            throw ModelError(
                .unsupported("an XML property list cannot hold a date \(date.timeIntervalSince1970) seconds from 1970 (years 0000 to 9999 only)"),
                path: ModelPath(steps), format: spelling.format)
        }
        return text
    }

    /// Text with `&`, `<`, `>` escaped and control characters as character references.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` at the current path when the text holds NUL.
    private func escaped(_ text: String) throws(ModelError) -> String {
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
                throw ModelError(
                    .unsupported("an XML property list cannot hold NUL (U+0000) in a string"), path: ModelPath(steps), format: spelling.format)
            case _ where scalar.value < 0x20: result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
