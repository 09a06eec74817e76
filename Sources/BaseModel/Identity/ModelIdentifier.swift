/// An identifier as the identity map and the stores key it: a string or an integer.
///
/// Strings and integers are distinct keys, as in FDModel: `"93"` and `93` name different
/// instances. A model's own identifier type (``ModelIdentifierValue``) converts to and from it.
package enum ModelIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// A string identifier.
    case string(String)
    /// An integer identifier.
    case integer(Int64)

    /// The identifier as text: the string itself, or the integer in decimal. Store file names
    /// hash `"<typeName>-<description>"`.
    package var description: String {
        switch self {
        case .string(let string): string
        case .integer(let integer): String(integer)
        }
    }

    /// The identifier as a tree value, as it appears in a payload.
    package var treeValue: ModelValue {
        switch self {
        case .string(let string): .string(string)
        case .integer(let integer): .integer(integer)
        }
    }
}
