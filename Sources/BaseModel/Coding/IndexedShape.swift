/// What a node of an ``InputIndex`` is.
enum IndexedShape: Equatable {
    /// A scalar: null, a boolean, a number, a string, data or a date.
    case scalar
    /// An array of `count` elements.
    case array(count: Int)
    /// A dictionary with string keys.
    case dictionary
    /// An object of a named class (a typed object).
    case object
}
