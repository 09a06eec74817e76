/// An identifier as the identity map and the stores key it: a string or an integer.
///
/// Strings and integers are distinct keys, as in FDModel: `"93"` and `93` name different
/// instances. A model's own identifier type (``ModelIdentifierValue``) converts to and from it.
public enum ModelIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// A string identifier.
    case string(String)
    /// An integer identifier.
    case integer(Int64)

    /// The identifier as text: the string itself, or the integer in decimal. Store file names
    /// hash `"<typeName>-<description>"`.
    public var description: String {
        switch self {
        case .string(let string): string
        case .integer(let integer): String(integer)
        }
    }

    /// The identifier as a tree value, as it appears in a payload.
    public var treeValue: ModelValue {
        switch self {
        case .string(let string): .string(string)
        case .integer(let integer): .integer(integer)
        }
    }
}

extension String: ModelIdentifierValue {
    /// The string.
    public var modelIdentifier: ModelIdentifier { .string(self) }

    /// A string, or, when lenient, an integer written in decimal.
    public init?(treeValue: ModelValue, lenient: Bool) {
        switch treeValue {
        case .string(let string): self = string
        case .integer(let integer) where lenient: self = String(integer)
        case .unsignedInteger(let integer) where lenient: self = String(integer)
        default: return nil
        }
    }
}

extension Int64: ModelIdentifierValue {
    /// The integer.
    public var modelIdentifier: ModelIdentifier { .integer(self) }

    /// An integer, or, when lenient, a string of decimal digits.
    public init?(treeValue: ModelValue, lenient: Bool) {
        switch treeValue {
        case .integer(let integer): self = integer
        case .string(let string) where lenient:
            guard let integer = Int64(string) else { return nil }
            self = integer
        default: return nil
        }
    }
}

extension Int: ModelIdentifierValue {
    /// The integer.
    public var modelIdentifier: ModelIdentifier { .integer(Int64(self)) }

    /// An integer that fits, or, when lenient, a string of decimal digits.
    public init?(treeValue: ModelValue, lenient: Bool) {
        guard let wide = Int64(treeValue: treeValue, lenient: lenient), let narrow = Int(exactly: wide) else { return nil }
        self = narrow
    }
}

extension Int32: ModelIdentifierValue {
    /// The integer.
    public var modelIdentifier: ModelIdentifier { .integer(Int64(self)) }

    /// An integer that fits, or, when lenient, a string of decimal digits.
    public init?(treeValue: ModelValue, lenient: Bool) {
        guard let wide = Int64(treeValue: treeValue, lenient: lenient), let narrow = Int32(exactly: wide) else { return nil }
        self = narrow
    }
}
