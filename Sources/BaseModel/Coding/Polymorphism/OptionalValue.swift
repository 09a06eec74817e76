/// An optional, whatever it wraps, for code that holds it as a `T` or `Any`: a polymorphic
/// property's value left out when it is `nil`, or made `nil` when its key is absent.
protocol OptionalValue {
    /// Whether it holds no value.
    var isNone: Bool { get }
    /// The optional holding no value.
    static var none: Self { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}
