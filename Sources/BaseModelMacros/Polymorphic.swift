/// Decodes the models of a `@Model` type's property as the types a tag in the payload names,
/// and writes the tag back: the property is typed with a base class or a protocol (`any Shape`),
/// or an optional, array or dictionary of it.
///
/// ```swift
/// @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var pets: [Animal] = []
/// @Polymorphic(.external(["dog": Dog.self], fallback: Animal.self)) var star: Animal?
/// @Polymorphic(.adjacent(tag: "kind", content: "data", ["dog": Dog.self])) var lead = Animal()
/// @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape] = []
/// ```
///
/// The same as an entry of `Model.polymorphism` for a model without the macro. A protocol-typed
/// property (written with `any`) needs it: the type's generated `init(from:)` and `encode(to:)`
/// pass the polymorphism to the container, so Foundation's coders read and write the tags too,
/// and the engine runs them rather than its generated field coding. Such a property without
/// `@Polymorphic` is a compile-time error.
///
/// A protocol often has no natural default, so the property may go without one
/// (`@Polymorphic(.tag("kind", ["circle": Circle.self])) var main: any Shape`): it is then
/// required, and decoding an input without it throws a `ModelError` (`missingValue`) with its
/// path. The generated `init()` fills it with a placeholder that decoding never keeps: an
/// instance of the polymorphism's `fallback:` type, else of the first type its table lists (for
/// a base class, of the class; for an array or dictionary, empty).
///
/// - Parameter polymorphism: Where the tag is and which type each tag names (see
///   `Polymorphism`); unknown tags throw a `ModelError` unless it
///   declares a fallback.
@attached(peer)
public macro Polymorphic(_ polymorphism: Polymorphism) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
