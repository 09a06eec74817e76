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
///     "kind": .named("legacyKind"),    // looked up in the registry when first used
/// ]
/// ```
public struct ModelTransformer: Sendable {
    /// A name for messages and the registry.
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

// MARK: - Named transformers (FDModel's registry)

extension ModelTransformer {
    private static let registry = Locked<[String: ModelTransformer]>([:])

    /// Registers `transformer` under `name`, replacing any earlier one, for ``named(_:)``.
    public static func register(_ transformer: ModelTransformer, named name: String) {
        registry.withLock { $0[name] = transformer }
    }

    /// The transformer registered under `name`, or `nil`.
    static func registered(named name: String) -> ModelTransformer? {
        registry.withLock { $0[name] }
    }

    /// A transformer that looks `name` up in the registry each time it runs, so it can be used in
    /// a static table before it is registered.
    ///
    /// Running it throws ``ModelError/Reason/unsupported(_:)`` when nothing is registered under `name`.
    public static func named(_ name: String) -> ModelTransformer {
        @Sendable func lookup() throws -> ModelTransformer {
            guard let transformer = registered(named: name) else {
                throw ModelError(.unsupported("no transformer registered under the name \"\(name)\""))
            }
            return transformer
        }
        return ModelTransformer(
            name: name, decode: { try lookup().decode($0) }, encode: { try lookup().encode($0) })
    }
}
