/// A model with an identifier: the identity map keeps one live instance per identifier
/// (``Live``), merging later payloads into it, and the stores (``ModelStore``) save and fetch it
/// by identifier (FDModel's `remoteKeyPathForUniqueIdentifier`).
///
/// The identifier is the `id` property of `Identifiable`, read from the input at that property's
/// remote key path, so `keyPaths` says where payloads carry it:
///
/// ```swift
/// struct Game: IdentifiedModel {
///     var id = ""
///     var name = ""
///     var releaseDate: Date?
///     static let keyPaths: [String: RemoteKeyPath] = ["id": "game_id", "name": "GameTitle"]
/// }
///
/// let map = IdentityMap()
/// let okami = try Game.live(object: ["game_id": "93", "GameTitle": "Okami"], in: map)
/// _ = try Game.live(object: ["game_id": "93", "GameTitle": "Ōkami"], in: map)
/// okami.name   // "Ōkami": the same instance, merged
/// ```
///
/// The model itself is usually a struct (a value, `Sendable`); identity lives in the ``Live``
/// reference the map hands out, which is what other models hold (`var user: Live<User>?`).
/// When the property holding the identifier is not named `id`, implement `id` as a computed
/// property and name the stored one in ``identifierKey``.
public protocol IdentifiedModel: Model, Identifiable, Sendable where ID: ModelIdentifierValue {
    /// The local name of the property that holds the identifier in the input; its remote key
    /// path comes from `keyPaths` and `keyCase`. Default: `"id"`.
    static var identifierKey: String { get }
}

extension IdentifiedModel {
    /// The `id` property.
    public static var identifierKey: String { "id" }
}
