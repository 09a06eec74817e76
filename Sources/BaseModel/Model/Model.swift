import Foundation

/// A model: an ordinary `Codable` type with an `init()` that gives its defaults.
///
/// Conform a struct or a final class and it can be built from untyped objects, turned back into
/// a dictionary, copied and described, with no other code:
///
/// ```swift
/// struct Game: Model {
///     var id = ""
///     var name = ""
///     var releaseDate: Date?
///     var city = ""
///
///     static let keyPaths: [String: RemoteKeyPath] = [
///         "id": "game_id", "releaseDate": "release_date", "city": "venue.address.city",
///     ]
///     static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
/// }
///
/// let game = try Game(object: ["game_id": "93", "name": "Okami", "release_date": "02-16-2006"])
/// ```
///
/// Every static requirement has a default, so a model declares only what differs. A key missing
/// from the input keeps the value `init()` gave it; an explicit `null` clears an optional.
///
/// The `@Model` macro of `BaseModelMacros` writes the conformance with the mapping on the
/// properties (`@Key("game_id") var id = ""`), checked by the compiler; see
/// ``declaredProperties``.
///
/// Class models: declare the requirements as `class var` in the base class, and a subclass
/// overrides them, adding its own entries to `super`'s.
///
/// A model that has a shared instance, saved to a file, user defaults or the keychain, also
/// conforms to ``SharedModel``.
///
/// ## Topics
///
/// ### Building
/// - ``init(object:context:)``
/// - ``init(data:context:)``
/// - ``instance(object:context:)``
/// - ``instances(array:context:)``
/// - ``make(from:)``
///
/// ### Mapping
/// - ``keyPaths``
/// - ``keyCase``
/// - ``transformers``
/// - ``uncodableKeys``
/// - ``coercion``
/// - ``polymorphism``
///
/// ### Representations
/// - ``dictionaryRepresentation``
/// - ``treeRepresentation()``
/// - ``jsonData(prettyPrinted:sortedKeys:)``
/// - ``data(format:context:)``
/// - ``copy()``
public protocol Model: Codable {
    /// Creates an instance holding the defaults (BaseModel's `setUp`).
    init()

    /// Where each property is read from and written to in the input, by property name
    /// (local → remote). Properties not listed use ``keyCase``. Default: empty.
    static var keyPaths: [String: RemoteKeyPath] { get }

    /// How property names not listed in ``keyPaths`` are spelled in the input. Default: unchanged.
    static var keyCase: KeyCase { get }

    /// Two-way value transformers by property name. Default: empty.
    static var transformers: [String: ModelTransformer] { get }

    /// Properties that are never read from an input and never written out (AutoCoding's
    /// `uncodableProperties`); they keep the value `init()` gives. Default: empty.
    static var uncodableKeys: Set<String> { get }

    /// Whether convertible values of another kind are accepted. Default: ``Coercion/strict``.
    static var coercion: Coercion { get }

    /// The stable name used for this type in files (`$class`), by default the unqualified type
    /// name, as the Objective-C class name was.
    static var typeName: String { get }

    /// Builds an instance from a value that is not a dictionary: a bare string, number, array or
    /// data (BaseModel's `setWithString:`, `setWithArray:` …). Return `nil` when the value is not
    /// one this type can be built from. The default returns `nil`, so only dictionaries work.
    ///
    /// The hook is used wherever the model is decoded, so an array of strings in the input can
    /// fill an `[TodoItem]` property when `TodoItem` builds itself from a string.
    static func make(from value: ModelValue) throws -> Self?

    /// The version of the saved shape of this type: raise it when a change would make older
    /// saved data decode wrongly, and add the ``migrations`` from the previous version.
    /// Saved data records it (`$schemaVersion`; absent means 1). Default: 1.
    static var schemaVersion: Int { get }

    /// The steps that bring saved data of an older version up to ``schemaVersion``, by the
    /// version they start from: `[1: [.move("name", to: "title")]]` turns version 1 into 2.
    /// They run on the tree before decoding. Default: none.
    static var migrations: [Int: [ModelMigration]] { get }

    /// Whether keys of saved data that this type does not know (written by a newer version of
    /// the app) are kept with the shared instance and written back on save. Default: `true`.
    static var keepsUnknownKeys: Bool { get }

    /// The stored properties and their mapping as the `@Model` macro declares them; when present
    /// the coders use it instead of ``keyPaths``, ``transformers`` and ``uncodableKeys`` and of
    /// encoding `init()` to find the properties. Default: `nil` (a model without the macro).
    static var declaredProperties: ModelProperties? { get }

    /// The properties whose values are chosen by a tag in the payload, by property name: a
    /// property typed with a base class (or an optional, array or dictionary of it) decodes the
    /// subclass the tag names, and encoding writes the tag back. Default: empty.
    ///
    /// ```swift
    /// static let polymorphism: [String: Polymorphism] = ["pets": .tag("type", ["dog": Dog.self])]
    /// ```
    ///
    /// A `@Model` type declares it on the property instead (`@Polymorphic`), and this table is
    /// not read for it, as ``keyPaths`` is not.
    static var polymorphism: [String: Polymorphism] { get }
}

extension Model {
    /// No remapped keys.
    public static var keyPaths: [String: RemoteKeyPath] { [:] }
    /// Property names are used as they are.
    public static var keyCase: KeyCase { .unchanged }
    /// No transformers.
    public static var transformers: [String: ModelTransformer] { [:] }
    /// Every property is codable.
    public static var uncodableKeys: Set<String> { [] }
    /// Kinds must match.
    public static var coercion: Coercion { .strict }
    /// The unqualified type name.
    public static var typeName: String { String(describing: Self.self) }
    /// Builds nothing from non-dictionary values.
    public static func make(from value: ModelValue) throws -> Self? { nil }
    /// Version 1.
    public static var schemaVersion: Int { 1 }
    /// No migrations.
    public static var migrations: [Int: [ModelMigration]] { [:] }
    /// Unknown keys are kept.
    public static var keepsUnknownKeys: Bool { true }
    /// No declared properties: they are found by encoding `init()`.
    public static var declaredProperties: ModelProperties? { nil }
    /// No polymorphic properties.
    public static var polymorphism: [String: Polymorphism] { [:] }
}
