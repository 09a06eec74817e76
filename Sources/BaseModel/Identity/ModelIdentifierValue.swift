/// A type a model's identifier can have: `String`, `Int`, `Int64`, `Int32` or `UUID`.
///
/// Conform your own type when it is a string or an integer underneath.
public protocol ModelIdentifierValue: Hashable, Sendable {
    /// This identifier as the map and the stores key it.
    var modelIdentifier: ModelIdentifier { get }

    /// Reads an identifier from a payload value; `nil` when the value is of the wrong kind.
    ///
    /// `lenient` is the model's ``Coercion/lenient``: a string of digits then gives an integer
    /// identifier and an integer gives a string identifier.
    init?(treeValue: ModelValue, lenient: Bool)
}
