/// A two-way transformer for a property of a `@Model` type.
///
/// ```swift
/// @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
/// @Transform(.gameDate, as: Date.self) var announced: Date?
/// ```
///
/// The compiler checks that the transformer's values fit the property: for the built-in
/// transformers by their names (dates for `Date`, `.url` for `URL` or `String`, `.stringToNumber`
/// for numbers …), for any other when `as:` gives the type its values decode to.
///
/// - Parameters:
///   - transformer: The transformer (see `ModelTransformer`).
///   - valueType: The Swift type the transformer's values decode to, for a transformer that is
///     not built in.
@attached(peer)
public macro Transform(_ transformer: ModelTransformer, as valueType: Any.Type? = nil) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
