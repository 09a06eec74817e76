import Foundation

// `ModelTransformer` is `@unchecked Sendable`: a class only so that its typed form can be one of
// it, never subclassed outside the module, and its stored properties are constants (the closures
// `@Sendable`).

/// A two-way conversion between the value in the input and the value a property decodes from.
///
/// `decode` runs on the input value before the property is decoded; `encode` runs on the encoded
/// property before it is written out. Both may throw: the error is reported as
/// ``ModelError/Reason/invalidValue(_:)`` at the property's path. Transformers never see an
/// explicit `null` or a missing key: `null` clears an optional, a missing key keeps the default.
///
/// ```swift
/// static let transformers: [String: ModelTransformer] = [
///     "releaseDate": .date(format: "MM-dd-yyyy"),
///     "score": .stringToNumber,
///     "announced": .gameDate,
/// ]
/// ```
///
/// A transformer's type says the Swift type of the property it is for: `.date(format:)` is a
/// ``Typed`` `<Date>`. A transformer used in several places is a static member, which keeps that
/// type, so `@Transform(.gameDate)` on a property that is not a `Date` does not compile:
///
/// ```swift
/// extension ModelTransformer {
///     static let gameDate = ModelTransformer.date(format: "MM-dd-yyyy")
/// }
/// ```
public class ModelTransformer: @unchecked Sendable {
    /// A name for error messages.
    let name: String
    private let decodeValue: @Sendable (ModelValue) throws -> ModelValue
    private let encodeValue: @Sendable (ModelValue) throws -> ModelValue

    /// Creates a transformer from its two directions; `ModelTransformer.Typed<Int>(name:…)`
    /// creates one for `Int` properties, which `@Transform` then checks.
    ///
    /// - Parameters:
    ///   - name: A name for error messages.
    ///   - decode: Turns the input value into the value the property decodes from; what it
    ///     throws, decoding throws at the property's path.
    ///   - encode: Turns the encoded property back into the value written out; what it throws,
    ///     encoding throws at the property's path.
    public required init(
        name: String,
        decode: @escaping @Sendable (ModelValue) throws -> ModelValue,
        encode: @escaping @Sendable (ModelValue) throws -> ModelValue
    ) {
        self.name = name
        self.decodeValue = decode
        self.encodeValue = encode
    }

    /// A transformer for properties of type `Value` (or `Value?`): what the built-in transformers
    /// and static members made from them are, so the `@Model` macro checks `@Transform` against
    /// the property's type. Create one with `ModelTransformer.Typed<Value>(name:decode:encode:)`.
    public final class Typed<Value>: ModelTransformer, @unchecked Sendable {}

    /// Converts an input value. Throws whatever the transformer throws.
    package final func decode(_ value: ModelValue) throws -> ModelValue { try decodeValue(value) }

    /// Converts an encoded value back. Throws whatever the transformer throws.
    package final func encode(_ value: ModelValue) throws -> ModelValue { try encodeValue(value) }

    /// The reverse transformer: its `decode` is this one's `encode`. Its property type is not
    /// known: with `@Transform`, say it (`@Transform(.iso8601.reversed, as: String.self)`).
    public final var reversed: ModelTransformer {
        ModelTransformer(name: "reversed(\(name))", decode: encodeValue, encode: decodeValue)
    }

    /// This transformer followed by `next` when decoding (and `next` undone first when encoding),
    /// of `next`'s type: `.iso8601.then(.local)` is for the properties `.local` is for.
    public final func then<Next: ModelTransformer>(_ next: Next) -> Next {
        type(of: next).init(
            name: "\(name) → \(next.name)",
            decode: { try next.decode(self.decode($0)) },
            encode: { try self.encode(next.encode($0)) })
    }
}
