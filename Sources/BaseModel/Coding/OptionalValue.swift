/// An optional, whatever it wraps, for code that holds it as a `T` or `Any`: a polymorphic
/// property's value left out when it is `nil`, or made `nil` when its key is absent, and an
/// `Optional` in an `[String: Any]` unwrapped without knowing its wrapped type.
protocol OptionalValue {
    /// Whether it holds no value.
    var isNone: Bool { get }
    /// The optional holding no value.
    static var none: Self { get }
    /// The wrapped value as `Any`, or `nil`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
    var wrappedAny: Any? { self.map { $0 as Any } }
}
