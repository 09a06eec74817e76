/// A type a model's identifier can have: `String`, `Int`, `Int64` or `Int32`.
///
/// The library conforms exactly these four types; the map and the stores key an instance by its
/// identifier as a string or an integer, so `"93"` and `93` name different instances.
public protocol ModelIdentifierValue: Hashable, Sendable {}

extension String: ModelIdentifierValue {}
extension Int64: ModelIdentifierValue {}
extension Int: ModelIdentifierValue {}
extension Int32: ModelIdentifierValue {}

extension ModelIdentifierValue {
    /// This identifier as the map and the stores key it.
    package var modelIdentifier: ModelIdentifier {
        switch self {
        case let string as String: .string(string)
        case let integer as Int64: .integer(integer)
        case let integer as Int: .integer(Int64(integer))
        case let integer as Int32: .integer(Int64(integer))
        default: .string(String(describing: self))
        }
    }

    /// Reads an identifier from a payload value; `nil` when the value is of the wrong kind.
    ///
    /// `lenient` is the model's `Coercion.lenient`: a string of digits then gives an integer
    /// identifier and an integer gives a string identifier.
    package init?(treeValue: ModelValue, lenient: Bool) {
        switch Self.self {
        case is String.Type:
            guard let string = String.identifier(treeValue: treeValue, lenient: lenient) else { return nil }
            self = string as! Self
        case is Int64.Type:
            guard let integer = Int64.identifier(treeValue: treeValue, lenient: lenient) else { return nil }
            self = integer as! Self
        case is Int.Type:
            guard let wide = Int64.identifier(treeValue: treeValue, lenient: lenient), let narrow = Int(exactly: wide) else {
                return nil
            }
            self = narrow as! Self
        case is Int32.Type:
            guard let wide = Int64.identifier(treeValue: treeValue, lenient: lenient), let narrow = Int32(exactly: wide) else {
                return nil
            }
            self = narrow as! Self
        default:
            return nil
        }
    }
}

extension String {
    /// A string, or, when lenient, an integer written in decimal.
    fileprivate static func identifier(treeValue: ModelValue, lenient: Bool) -> String? {
        switch treeValue {
        case .string(let string): string
        case .integer(let integer) where lenient: String(integer)
        case .unsignedInteger(let integer) where lenient: String(integer)
        default: nil
        }
    }
}

extension Int64 {
    /// An integer, or, when lenient, a string of decimal digits.
    fileprivate static func identifier(treeValue: ModelValue, lenient: Bool) -> Int64? {
        switch treeValue {
        case .integer(let integer): integer
        case .string(let string) where lenient: Int64(string)
        default: nil
        }
    }
}
