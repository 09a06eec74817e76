/// Where a property of a `@Model` type is read from and written to in the input, instead of its
/// name in the type's key case.
///
/// ```swift
/// @Key("game_id") var id = ""                        // another key
/// @Key("release_date", "released") var date: Date?   // fallbacks: the first present wins
/// @Key("venue.address.city") var city = ""           // nested dictionaries
/// @Key("images.0.url") var thumbnail: URL?           // an array element
/// @Key(.key("v1.2")) var version = ""                // a key that contains a dot
/// ```
///
/// Encoding writes the first path. Two properties of a type written at one path fail to compile.
///
/// - Parameters:
///   - path: The remote key path (see `RemoteKeyPath`).
///   - fallbacks: Paths tried in order when `path` is missing from the input.
@attached(peer)
public macro Key(_ path: RemoteKeyPath, _ fallbacks: RemoteKeyPath...) =
    #externalMacro(module: "BaseModelMacrosPlugin", type: "MappingAttributeMacro")
