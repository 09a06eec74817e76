import Foundation

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
/// A transformer used in several places is a static member, which the compiler checks where it
/// is used (`.gameDate` above, or `@Transform(.gameDate)`):
///
/// ```swift
/// extension ModelTransformer {
///     static let gameDate = ModelTransformer.date(format: "MM-dd-yyyy")
/// }
/// ```
public struct ModelTransformer: Sendable {
    /// A name for error messages.
    let name: String
    private let decodeValue: @Sendable (ModelValue) throws -> ModelValue
    private let encodeValue: @Sendable (ModelValue) throws -> ModelValue

    /// Creates a transformer from its two directions.
    ///
    /// - Parameters:
    ///   - name: A name for error messages.
    ///   - decode: Turns the input value into the value the property decodes from.
    ///   - encode: Turns the encoded property back into the value written out.
    public init(
        name: String,
        decode: @escaping @Sendable (ModelValue) throws -> ModelValue,
        encode: @escaping @Sendable (ModelValue) throws -> ModelValue
    ) {
        self.name = name
        self.decodeValue = decode
        self.encodeValue = encode
    }

    /// Converts an input value. Throws whatever the transformer throws.
    func decode(_ value: ModelValue) throws -> ModelValue { try decodeValue(value) }

    /// Converts an encoded value back. Throws whatever the transformer throws.
    func encode(_ value: ModelValue) throws -> ModelValue { try encodeValue(value) }

    /// The reverse transformer: its `decode` is this one's `encode`.
    public var reversed: ModelTransformer {
        ModelTransformer(name: "reversed(\(name))", decode: encodeValue, encode: decodeValue)
    }

    /// This transformer followed by `next` when decoding (and `next` undone first when encoding).
    public func then(_ next: ModelTransformer) -> ModelTransformer {
        ModelTransformer(
            name: "\(name) → \(next.name)",
            decode: { try next.decode(self.decode($0)) },
            encode: { try self.encode(next.encode($0)) })
    }
}
