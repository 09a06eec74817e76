/// A two-way transformer for a property of a `@Model` type.
///
/// ```swift
/// @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
/// @Transform(.gameDate) var announced: Date?
/// @Transform(.amount, as: Double.self) var total = 0.0     // static let amount = ModelTransformer.stringToNumber
/// ```
///
/// The compiler checks that the transformer's values fit the property: a transformer's type
/// says the type of its properties (`.date(format:)`, and a `static let gameDate` made from it,
/// are `ModelTransformer.Typed<Date>`), so `@Transform(.gameDate) var count = 0` does not
/// compile. `.url` and `.uuid` also fit a `String`, `.stringToNumber` any number. A transformer
/// whose type does not say (`.reversed`, a static member made from `.stringToNumber`) needs `as:`.
///
/// - Parameters:
///   - transformer: The transformer (see `ModelTransformer`).
///   - valueType: The Swift type of the property, for a transformer whose type does not say it;
///     the compiler checks it against the property instead of the transformer's type.
@attached(peer)
public macro Transform(_ transformer: ModelTransformer, as valueType: Any.Type? = nil) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
