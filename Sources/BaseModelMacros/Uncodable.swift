/// A property of a `@Model` type that is never read from an input and never written out
/// (AutoCoding's `uncodableProperties`): it keeps the value `init()` gives, and it is left out of
/// `Codable`, so its type need not be codable. A copy gets the default too.
@attached(peer)
public macro Uncodable() = #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
