/// One stored property of a generated model: its Swift name and type, the key it is read from,
/// and what the mapping needs to say about it.
struct GeneratedProperty {
    /// The Swift name, in backticks when it is a keyword.
    var name: String
    /// The key in the sample.
    var key: String
    /// The Swift type without the `?` of an optional.
    var type: String
    var isOptional: Bool
    /// The key path to write in `@Key` or `keyPaths` when the key case does not give the key.
    var keyPath: String?
    /// The transformer's spelling (`.iso8601`) for a date read from text.
    var transformer: String?
    /// The `@Polymorphic` argument (`.tag("$class", …)`) of a property holding several classes.
    var polymorphism: String?

    /// The name without backticks: what `keyPaths` and `transformers` are keyed by.
    var bareName: String { name.filter { $0 != "`" } }

    /// The declaration after the attributes: `var name: Type = default` or `var name: Type?`.
    var declaration: String {
        if isOptional { return "var \(name): \(type)?" }
        return "var \(name): \(type) = \(Self.defaultValue(of: type))"
    }

    /// The value a missing key keeps: the empty value of the type.
    static func defaultValue(of type: String) -> String {
        switch type {
        case "String": "\"\""
        case "Int", "Int64", "UInt64", "Double": "0"
        case "Bool": "false"
        case "Data": "Data()"
        case "Date": "Date(timeIntervalSince1970: 0)"
        case "ModelValue": ".null"
        default:
            if type.hasPrefix("[String: ") { "[:]" } else if type.hasPrefix("[") { "[]" } else { "\(type)()" }
        }
    }

    /// `key` as a remote key path: a dot or backslash in the key is escaped, as the mapping
    /// article teaches, and the result written as a Swift string literal.
    static func literal(keyPath key: String) -> String {
        var path = ""
        for character in key {
            if character == "." || character == "\\" { path.append("\\") }
            path.append(character)
        }
        return stringLiteral(path)
    }

    /// `text` as a Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
