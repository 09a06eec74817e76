/// Makes a struct or a class a `Model` whose mapping the compiler checks.
///
/// ```swift
/// @Model struct Game {
///     @Key("game_id") var id = ""
///     var name = ""
///     @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
///     @Key("venue.address.city") var city = ""
///     @Key("images.0.url") var thumbnail: URL?
///     @Uncodable var cache: [String: Int] = [:]
/// }
/// @Model class Animal { var name = "" }
/// @Model final class Dog: Animal { var breed = "" }
/// ```
///
/// It generates the conformance, `init()` when every stored property has a default or is a
/// required `@Polymorphic` one (for a class, `required`), `CodingKeys`, `init(from:)` and
/// `encode(to:)` with the synthesized semantics (so `JSONDecoder` still works; a subclass calls
/// `super` with the same decoder and encoder; `@Uncodable` properties are left out), and the
/// schema as static data (`Model.declaredProperties`): every stored property in declaration
/// order, a `nil` optional included, with its remote key path, transformer, optionality and
/// whether it is required. The engine reads
/// and writes the fields of such a type directly (`GeneratedCoding`), without
/// `Decoder`/`Encoder` containers, unless the type declares its own `init(from:)` or
/// `encode(to:)`.
///
/// The compiler reports a stored property without a default (it is the value a missing key
/// keeps; a fix-it inserts an obvious one; a `@Polymorphic` property without one is required
/// instead), two properties mapped to one remote key, a mapping attribute on a computed
/// property, `@Model` on an enum or protocol, and a transformer whose values do not fit its
/// property (by the transformer's type, `ModelTransformer.Typed<Date>`). A class whose
/// inheritance clause starts with a type that is not a protocol the macro knows is taken for a
/// subclass of that type, which must be a `@Model` class; a base class that lists a protocol of
/// its own first names `Model` before it.
///
/// With `@Observable` (`import Observation`; either order of the two attributes), a class model
/// is observed property by property and still codes the properties as written: every format
/// and `JSONEncoder`/`JSONDecoder` see `theme`, never the `_theme` storage or the registrar
/// `@Observable` adds (which synthesized `Codable` would write). An `@ObservationIgnored`
/// property is still read and written (Observation and coding are separate choices); mark it
/// `@Uncodable` to leave it out of files too. A subclass may be `@Observable` as well, or not
/// (its own properties are then coded but not observed).
///
/// Declare the type at file scope or inside another type (an extension cannot extend a local
/// type). With the macro the string tables `keyPaths`, `transformers` and `uncodableKeys` are
/// not read; declare them on the properties instead.
///
/// - Parameters:
///   - keyCase: How property names without `@Key` are spelled in the input.
///   - coercion: Whether convertible values of another kind are accepted.
@attached(
    member,
    names: named(init), named(CodingKeys), named(encode), named(declaredProperties), named(keyCase), named(coercion),
    named(_readFields), named(_writeFields), named(_Polymorphisms), named(_Placeholders))
@attached(
    extension, conformances: BaseModel.Model, BaseModel.GeneratedCoding,
    names: named(init), named(CodingKeys), named(encode), named(declaredProperties), named(keyCase), named(coercion),
    named(_readFields), named(_writeFields))
public macro Model(keyCase: KeyCase = .unchanged, coercion: Coercion = .strict) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "ModelMacro")
