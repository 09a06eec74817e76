
/// Stable names for model types, as files record them (`$class` in HRCoder trees, class names in
/// keyed archives), and the types those names decode to.
///
/// A type is registered under its ``Model/typeName`` (the unqualified type name, as the
/// Objective-C class name was, never a mangled or module-qualified name) plus any aliases for
/// names it had before (NSKeyedUnarchiver's `setClass:forClassName:`). Decoding creates only
/// registered types, so a file cannot make the process instantiate an arbitrary type.
///
/// ```swift
/// ModelRegistry.shared.register(TodoList.self)
/// ModelRegistry.shared.register(TodoItem.self, aliases: ["BMTodoItem"])   // renamed type
/// ```
///
/// Registries are cheap: tests and scoped decodes can make their own.
public final class ModelRegistry: Sendable {
    private struct Entries {
        var typesByName: [String: RegisteredType] = [:]
        var namesByType: [ObjectIdentifier: String] = [:]
    }

    private let entries = Locked(Entries())

    /// The registry formats use unless given another.
    public static let shared = ModelRegistry()

    /// Creates an empty registry.
    public init() {}

    /// Registers `type` under its ``Model/typeName`` (or `name`) and under each alias.
    /// A later registration of the same name replaces the earlier one.
    ///
    /// Complexity: O(number of aliases).
    public func register(_ type: any Model.Type, name: String? = nil, aliases: [String] = []) {
        let primary = name ?? type.typeName
        entries.withLock { entries in
            entries.namesByType[ObjectIdentifier(type)] = primary
            for name in [primary] + aliases { entries.typesByName[name] = RegisteredType(type: type) }
        }
    }

    /// The type registered under `name` or one of its aliases, or `nil`.
    package func type(named name: String) -> (any Model.Type)? {
        entries.withLock { $0.typesByName[name] }?.type
    }

    /// The name `type` is written under: its registered name, or its ``Model/typeName`` when it
    /// is not registered.
    package func name(of type: any Model.Type) -> String {
        entries.withLock { $0.namesByType[ObjectIdentifier(type)] } ?? type.typeName
    }

    /// Whether `type` has been registered.
    package func contains(_ type: any Model.Type) -> Bool {
        entries.withLock { $0.namesByType[ObjectIdentifier(type)] != nil }
    }

    /// Every registered name and alias, sorted.
    package var registeredNames: [String] {
        entries.withLock { $0.typesByName.keys.sorted() }
    }
}

/// A metatype held by the registry. Metatypes carry no mutable state; the wrapper only says so to
/// the compiler for model types that are not declared `SendableMetatype`.
private struct RegisteredType: @unchecked Sendable {
    let type: any Model.Type
}
