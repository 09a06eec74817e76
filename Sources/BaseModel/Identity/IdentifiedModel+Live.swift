extension IdentifiedModel {
    /// The live instance for the model in `object`, created or merged in `map` — the identity
    /// variant of ``Model/instance(object:context:)``.
    ///
    /// ```swift
    /// let game = try Game.live(object: ["game_id": "93", "GameTitle": "Okami"])
    /// ```
    ///
    /// - Throws: ``ModelError`` when the identifier is missing or of the wrong kind (naming its
    ///   key), or a value does not fit.
    public static func live(object: Any, in map: IdentityMap = .shared) throws(ModelError) -> Live<Self> {
        try map.instance(Self.self, object: object)
    }

    /// The live instances for the elements of `array`, created or merged in `map`. (Users map
    /// ``live(object:in:)`` over the elements.)
    ///
    /// - Throws: ``ModelError`` for the first element that does not fit.
    package static func live(array: Any, in map: IdentityMap = .shared) throws(ModelError) -> [Live<Self>] {
        try map.instances(Self.self, array: array)
    }

    /// The live instance for `id` in `map`: the existing one, the stored one, or a stub.
    ///
    /// - Throws: ``ModelError`` when the map's store cannot read its copy.
    public static func live(id: ID, in map: IdentityMap = .shared) throws(ModelError) -> Live<Self> {
        try map.instance(Self.self, id: id)
    }

    /// The live instance for `id` in `map`, or `nil`; never creates one.
    static func existing(id: ID, in map: IdentityMap = .shared) -> Live<Self>? {
        map.existing(Self.self, id: id)
    }
}
