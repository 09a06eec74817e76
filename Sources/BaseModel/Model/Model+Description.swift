import Foundation

extension Model {
    /// A one-line description in BaseModel's style:
    /// `<TodoItem: 0x600000c04f40; label = "Buy milk"; checked = 1>` for a class (its address),
    /// `<TodoItem; label = "Buy milk"; checked = 1>` for a struct.
    ///
    /// Properties come in declaration order, under their local names, `nil` ones left out.
    /// Strings are quoted and cut to 15 characters plus `…` when longer than 16; numbers and
    /// dates use their description (booleans as 1/0, as Objective-C printed them); arrays,
    /// dictionaries and nested models show their kind and size. Declare conformance to
    /// `CustomDebugStringConvertible` to use it as the type's `debugDescription`.
    public var debugDescription: String {
        var header = "<\(Self.typeName)"
        if type(of: self) is AnyClass {
            let address = UInt(bitPattern: ObjectIdentifier(self as AnyObject))
            header += ": 0x" + String(address, radix: 16, uppercase: false)
        }
        guard case .dictionary(let entries)? = try? TreeEncoder.encodePlain(self) else { return header + ">" }
        var parts = [header]
        for (key, value) in entries where !value.isNull {
            parts.append("\(key) = \(Self.shortDescription(of: value))")
        }
        return parts.joined(separator: "; ") + ">"
    }

    private static func shortDescription(of value: ModelValue) -> String {
        switch value {
        case .string(let text):
            return text.count > 16 ? "\"\(text.prefix(15))…\"" : "\"\(text)\""
        case .bool(let flag): return flag ? "1" : "0"
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .double(let number): return String(number)
        case .date(let date): return date.description
        case .data(let data): return "<Data: \(data.count) bytes>"
        case .array(let elements): return "<Array: \(elements.count) elements>"
        case .dictionary(let entries): return "<Dictionary: \(entries.count) keys>"
        case .null: return "null"
        }
    }
}
