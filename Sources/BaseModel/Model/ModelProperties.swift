/// The stored properties of a model type in declaration order, with their mapping: the schema
/// the `@Model` macro of `BaseModelMacros` writes as ``Model/declaredProperties``.
///
/// With it the coders know every property at compile time (a `nil` optional included) and read
/// no string tables: ``Model/keyPaths``, ``Model/transformers`` and ``Model/uncodableKeys`` are
/// not consulted for the type. You do not write it by hand; the macro writes, for
///
/// ```swift
/// @Model struct Game {
///     @Key("game_id") var id = ""
///     @Transform(.iso8601) var releaseDate: Date?
/// }
/// ```
///
/// ```swift
/// static var declaredProperties: ModelProperties? {
///     ModelProperties(of: Self.self, [
///         .init("id", key: "game_id"),
///         .init("releaseDate", isOptional: true, transformer: .iso8601),
///     ])
/// }
/// ```
///
/// A property's position in the list (the inherited ones first) is its field number.
public struct ModelProperties: Sendable {
    /// One stored property and how it is read and written.
    public struct Property: Sendable {
        /// The Swift name: the key of the model's `CodingKeys`.
        let name: String
        /// Where it is in the input; `nil` spells the name with the type's key case.
        let key: RemoteKeyPath?
        /// Whether its type is an optional (a missing key or `null` leaves it `nil`).
        let isOptional: Bool
        /// Whether the input must have it: it has no default (`init()` gives it a placeholder),
        /// so a missing key is a ``ModelError/Reason/missingValue(expected:)`` error.
        let isRequired: Bool
        let transformer: ModelTransformer?
        /// Never read from an input and never written out; it keeps its default.
        let isUncodable: Bool
        let polymorphism: Polymorphism?

        /// Describes one stored property (written by the `@Model` macro).
        ///
        /// - Parameters:
        ///   - name: The property's Swift name.
        ///   - key: Its remote key path (`@Key`); `nil` uses the name in the type's key case.
        ///   - isOptional: Whether the property's type is an optional.
        ///   - isRequired: Whether a missing key is an error rather than keeping the value
        ///     `init()` gives (a `@Polymorphic` property declared without a default).
        ///   - transformer: Its transformer (`@Transform`).
        ///   - isUncodable: Whether it is never read or written (`@Uncodable`).
        ///   - polymorphism: How its models' types are chosen by a tag (`@Polymorphic`).
        public init(
            _ name: String, key: RemoteKeyPath? = nil, isOptional: Bool = false, isRequired: Bool = false,
            transformer: ModelTransformer? = nil, isUncodable: Bool = false, polymorphism: Polymorphism? = nil
        ) {
            self.name = name
            self.key = key
            self.isOptional = isOptional
            self.isRequired = isRequired
            self.transformer = transformer
            self.isUncodable = isUncodable
            self.polymorphism = polymorphism
        }
    }

    /// The type that declared the last properties of the list: a subclass without the macro
    /// inherits its superclass's list, and the schema then learns the subclass's own properties
    /// by encoding `init()`.
    let declaringType: ObjectIdentifier
    /// Every property, the inherited ones first.
    let properties: [Property]
    /// Whether the engine may code the type through its ``GeneratedCoding`` members: not when
    /// it, or a superclass, writes its own `init(from:)` or `encode(to:)`.
    let generatedCoding: Bool

    /// The properties `type` declares, after those of its superclass.
    ///
    /// - Parameters:
    ///   - type: The type whose declaration lists `properties`.
    ///   - inherited: The superclass's list, for a subclass of a `@Model` class.
    ///   - generatedCoding: `false` when the type writes its own `init(from:)` or `encode(to:)`,
    ///     which the engine must then run.
    ///   - properties: The type's own stored properties, in declaration order.
    public init(
        of type: Any.Type, inheriting inherited: ModelProperties? = nil, generatedCoding: Bool = true, _ properties: [Property]
    ) {
        declaringType = ObjectIdentifier(type)
        self.properties = (inherited?.properties ?? []) + properties
        self.generatedCoding = generatedCoding && (inherited?.generatedCoding ?? true)
    }
}
