/// Decodes the models of a `@Model` type's property as the types a tag in the payload names,
/// and writes the tag back: the property is typed with a base class, or an optional, array or
/// dictionary of it.
///
/// ```swift
/// @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var pets: [Animal] = []
/// @Polymorphic(.external(["dog": Dog.self], fallback: Animal.self)) var star: Animal?
/// @Polymorphic(.adjacent(tag: "kind", content: "data", ["dog": Dog.self])) var lead = Animal()
/// ```
///
/// The same as an entry of `Model.polymorphism` for a model without the macro.
///
/// - Parameter polymorphism: Where the tag is and which type each tag names (see
///   `Polymorphism`); unknown tags throw a `ModelError` unless it
///   declares a fallback.
@attached(peer)
public macro Polymorphic(_ polymorphism: Polymorphism) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
