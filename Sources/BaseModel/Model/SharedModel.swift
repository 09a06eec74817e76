import Foundation

/// A model with a shared instance (BaseModel's `sharedInstance`): built on first use from the
/// defaults of `init()`, a bundled resource file and a save file, and saved with ``save(overwriting:)``.
///
/// ```swift
/// final class TodoList: SharedModel {
///     var items: [TodoItem] = []
///     static var saveFormat: ModelFormat { .json }
/// }
///
/// TodoList.shared.items.append(TodoItem(label: "Buy milk"))
/// try TodoList.shared.save()          // TodoList.json in the application-support folder
/// ```
///
/// Every requirement has a default: a keyed archive named after the type, seeded from
/// `<typeName>.plist` in the main bundle, read and written with the process-wide
/// ``ModelContext``. A format with a storage of its own (user defaults, the keychain) keeps the
/// instance there instead of in a file.
///
/// ## Topics
///
/// ### The shared instance
/// - ``shared``
/// - ``hasSharedInstance``
/// - ``setSharedInstance(_:)``
/// - ``reloadSharedInstance()``
/// - ``sharedInstanceUpdates``
/// - ``sharedInstanceFailure``
/// - ``save(overwriting:)``
///
/// ### Where it lives
/// - ``saveFormat``
/// - ``saveFile``
/// - ``resourceFile``
/// - ``resourceBundle``
/// - ``userDefaultsSuite``
/// - ``context``
public protocol SharedModel: Model {
    /// The format ``save(overwriting:)`` writes the shared instance in. Default: ``ModelFormat/keyedArchive``,
    /// as in BaseModel. For large models or frequent saves, return ``ModelFormat/fast``
    /// (FastCoding): it keeps types and shared instances like a keyed archive, in a smaller file
    /// that loads faster, as BaseModel recommended.
    static var saveFormat: ModelFormat { get }

    /// The save file of the shared instance: a path relative to
    /// ``ModelLocations/applicationSupport`` or absolute. Default: `<typeName>.<extension of
    /// saveFormat>` (`TodoList.plist`, `TodoList.json`).
    static var saveFile: String { get }

    /// The bundled resource file that seeds the shared instance, in any format: a name in
    /// ``resourceBundle`` or an absolute path. Default: `<typeName>.plist`.
    static var resourceFile: String { get }

    /// The bundle holding ``resourceFile``. Default: `Bundle.main`; a type in a package names its
    /// module's bundle (`Bundle.module`).
    static var resourceBundle: Bundle { get }

    /// The user-defaults suite the ``ModelFormat/userDefaults`` format saves into; `nil` (the
    /// default) is `UserDefaults.standard`.
    static var userDefaultsSuite: String? { get }

    /// The context the shared instance is read and saved with, as ``Model/init(data:context:)``
    /// and ``Model/write(to:format:atomically:context:)-(String,_,_,_)`` take one: the codecs
    /// (and the storages of formats that have one), the model types a file that stores types may
    /// name, the identity map `Live` properties resolve through, the folder a relative
    /// ``saveFile`` is in, and the decode limits. Default: `ModelContext()`, the process-wide one.
    ///
    /// ```swift
    /// struct Settings: SharedModel {
    ///     var theme = "light"
    ///     static let context = ModelContext(types: settingsTypes, applicationSupport: settingsFolder)
    /// }
    /// ```
    static var context: ModelContext { get }
}

extension SharedModel {
    /// A keyed archive, as in BaseModel.
    public static var saveFormat: ModelFormat { .keyedArchive }
    /// `<typeName>.<extension>`.
    public static var saveFile: String {
        "\(typeName).\((try? context.formats.codec(for: saveFormat))?.fileExtension ?? "plist")"
    }
    /// `<typeName>.plist`.
    public static var resourceFile: String { "\(typeName).plist" }
    /// The main bundle.
    public static var resourceBundle: Bundle { .main }
    /// The standard defaults.
    public static var userDefaultsSuite: String? { nil }
    /// `ModelContext()`: the shared codecs and model types, no identity map,
    /// ``ModelLocations/applicationSupport``.
    public static var context: ModelContext { ModelContext() }
}
