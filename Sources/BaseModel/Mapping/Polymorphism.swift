import OrderedCollections

// `Polymorphism` is `@unchecked Sendable`: the metatypes it holds carry no mutable state (model types need not be declared
// `SendableMetatype`), and the hook is `@Sendable`.

/// Which concrete model type a property's value is, read from the payload itself: a property
/// typed with a base class or a protocol (`Animal`, `[Animal]`, `Animal?`, `[String: Animal]`,
/// `[any Shape]`, `(any Shape)?`) decodes the type the payload names, and encoding writes the
/// name back in the same place.
///
/// ```swift
/// final class Zoo: Model {
///     var animals: [Animal] = []
///     class var polymorphism: [String: Polymorphism] {
///         ["animals": .tag("type", ["dog": Dog.self, "cat": Cat.self])]
///     }
/// }
/// // {"animals": [{"type": "dog", "name": "Rex", "breed": "lab"}, {"type": "cat", "name": "Tom"}]}
/// ```
///
/// Three places for the tag, as serde and MetaCodable name them:
/// - ``tag(_:_:fallback:choosing:)``: a key inside the object, `{"type": "dog", "name": "Rex"}`;
/// - ``external(_:fallback:choosing:)``: the object's only key, `{"dog": {"name": "Rex"}}`;
/// - ``adjacent(tag:content:_:fallback:choosing:)``: two keys, `{"type": "dog", "content": {…}}`.
///
/// A `choosing` hook sees each object (as a ``ModelValue``) and the property's remote key path
/// before the table does, and may pick the type, say ``Choice/drop`` (the value is left out of
/// its array or dictionary; a single property keeps its default), or leave it to the table.
/// A tag the table does not know decodes as the `fallback` type, or fails with a ``ModelError``
/// naming the path and the tag. Array elements, optionals and dictionary values are handled at
/// any depth, and an enum whose cases carry the models (``ModelCases``) can stand for the base
/// class. A property with a polymorphism takes no transformer.
///
/// A protocol-typed property is not `Decodable`: its type's `init(from:)` and `encode(to:)`
/// pass the polymorphism to `KeyedDecodingContainer.decode(_:forKey:polymorphism:)` and
/// `KeyedEncodingContainer.encode(_:forKey:polymorphism:)` (`@Polymorphic` generates them).
public struct Polymorphism: @unchecked Sendable {
    /// What a `choosing` hook decides about one object.
    public enum Choice: @unchecked Sendable {
        /// Decode the object as this type (which must be the property's type or a subtype).
        case type(any Model.Type)
        /// Leave the value out: an array or dictionary drops it, a single property keeps its default.
        case drop
        /// Let the tag table decide.
        case unknown
    }

    /// Where the tag is written.
    enum Placement: Sendable {
        case inside(key: String)
        case external
        case adjacent(tag: String, content: String)
    }

    let placement: Placement
    let types: [String: any Model.Type]
    let tagsByType: [ObjectIdentifier: String]
    let fallback: (any Model.Type)?
    let hook: (@Sendable (ModelValue, RemoteKeyPath) throws -> Choice)?

    private init(
        _ placement: Placement, _ types: [String: any Model.Type], fallback: (any Model.Type)?,
        hook: (@Sendable (ModelValue, RemoteKeyPath) throws -> Choice)?
    ) {
        self.placement = placement
        self.types = types
        // The first tag in sorted order names a type listed under several tags, in every process.
        var tags: [ObjectIdentifier: String] = [:]
        for tag in types.keys.sorted() where tags[ObjectIdentifier(types[tag]!)] == nil {
            tags[ObjectIdentifier(types[tag]!)] = tag
        }
        tagsByType = tags
        self.fallback = fallback
        self.hook = hook
    }

    /// The tag is a key inside the object (internal tagging, a discriminator):
    /// `{"type": "dog", "name": "Rex"}`.
    ///
    /// - Parameters:
    ///   - key: The key holding the tag.
    ///   - types: The type for each tag; encoding writes a value's tag by its type.
    ///   - fallback: The type for a missing or unknown tag; without one, decoding throws a
    ///     ``ModelError`` (``ModelError/Reason/invalidValue(_:)``) naming the path and the tag.
    ///   - hook: Asked first for each object, with the property's remote key path; what it throws,
    ///     decoding throws.
    public static func tag(
        _ key: String, _ types: [String: any Model.Type], fallback: (any Model.Type)? = nil,
        choosing hook: (@Sendable (ModelValue, RemoteKeyPath) throws -> Choice)? = nil
    ) -> Polymorphism {
        Polymorphism(.inside(key: key), types, fallback: fallback, hook: hook)
    }

    /// The tag is the only key of a wrapper around the object (external tagging):
    /// `{"dog": {"name": "Rex"}}`. Parameters and errors as ``tag(_:_:fallback:choosing:)``.
    public static func external(
        _ types: [String: any Model.Type], fallback: (any Model.Type)? = nil,
        choosing hook: (@Sendable (ModelValue, RemoteKeyPath) throws -> Choice)? = nil
    ) -> Polymorphism {
        Polymorphism(.external, types, fallback: fallback, hook: hook)
    }

    /// The tag and the object are two keys of a wrapper (adjacent tagging):
    /// `{"type": "dog", "content": {"name": "Rex"}}`. Parameters and errors as
    /// ``tag(_:_:fallback:choosing:)``; a wrapper without the content key throws
    /// ``ModelError/Reason/missingValue(expected:)``.
    public static func adjacent(
        tag: String = "type", content: String = "content", _ types: [String: any Model.Type],
        fallback: (any Model.Type)? = nil, choosing hook: (@Sendable (ModelValue, RemoteKeyPath) throws -> Choice)? = nil
    ) -> Polymorphism {
        Polymorphism(.adjacent(tag: tag, content: content), types, fallback: fallback, hook: hook)
    }

    /// `tree`, the encoded form of a value of `type`, with its tag written where this
    /// polymorphism keeps it. A type the table does not list is tagged with its
    /// ``Model/typeName``, which reads back as the property's own type or the fallback; the
    /// fallback, and any type when only a hook chooses, are written untagged inside (in a wrapper,
    /// under the type name).
    func tagged(_ tree: ModelValue, type: any Model.Type) -> ModelValue {
        let known = tagsByType[ObjectIdentifier(type)]
        let untagged = known == nil && (types.isEmpty || fallback.map { ObjectIdentifier($0) == ObjectIdentifier(type) } == true)
        let tag = known ?? type.typeName
        switch placement {
        case .inside(let key):
            guard !untagged, case .dictionary(var entries) = tree else { return tree }
            // An instance met again is an alias to its first place, which holds the tag: a tag
            // beside the alias would make it a dictionary, not an alias.
            if entries.count == 1, entries.keys.first == TypedTree.aliasKey { return tree }
            entries[key] = nil
            entries.updateValue(.string(tag), forKey: key, insertingAt: 0)
            return .dictionary(entries)
        case .external:
            return .dictionary([tag: tree])
        case .adjacent(let tagKey, let contentKey):
            return .dictionary([tagKey: .string(tag), contentKey: tree])
        }
    }
}
