import OrderedCollections

/// One step of a model's migration from one schema version to the next, run on the saved tree
/// before it is decoded (see ``Model/migrations``).
///
/// Keys are the saved data's own (remote) keys; a dotted key (`address.city`) names a key in
/// nested dictionaries. Each step does nothing when its key is absent.
///
/// ```swift
/// static var schemaVersion: Int { 3 }
/// static var migrations: [Int: [ModelMigration]] {
///     [1: [.move("name", to: "title")],                         // version 1 → 2
///      2: [.move("city", to: "address.city"), .drop("legacy"),  // version 2 → 3
///          .setDefault("priority", to: 1),
///          .convert("done") { .bool($0 == "yes") }]]
/// }
/// ```
public struct ModelMigration: Sendable {
    /// What the step does, for errors: `move name → title`.
    let name: String
    /// The top-level key the step reads, when it names one: storages that keep one entry per
    /// property (user defaults, the keychain) load it too, and remove it on save.
    let sourceKey: String?
    private let body: @Sendable (inout ModelValue) throws -> Void

    /// A step that runs `body` on the whole tree, under `name` in errors. An error it throws
    /// fails the migration.
    public init(_ name: String, _ body: @escaping @Sendable (inout ModelValue) throws -> Void) {
        self.init(name, sourceKey: nil, body)
    }

    private init(_ name: String, sourceKey: String?, _ body: @escaping @Sendable (inout ModelValue) throws -> Void) {
        self.name = name
        self.sourceKey = sourceKey
        self.body = body
    }

    /// The value at dotted `path` moves to dotted `newPath` (replacing one there), creating the
    /// dictionaries on the way: a renamed property is `.move("name", to: "title")`.
    public static func move(_ path: String, to newPath: String) -> ModelMigration {
        ModelMigration("move \(path) → \(newPath)", sourceKey: steps(path).first) { tree in
            guard let value = try remove(steps(path), in: &tree) else { return }
            try set(value, at: steps(newPath), in: &tree)
        }
    }

    /// The value at dotted `path` is removed.
    public static func drop(_ path: String) -> ModelMigration {
        ModelMigration("drop \(path)", sourceKey: steps(path).first) { tree in _ = try remove(steps(path), in: &tree) }
    }

    /// `value` is set at dotted `path` when nothing is there.
    public static func setDefault(_ path: String, to value: ModelValue) -> ModelMigration {
        ModelMigration("set default \(path)") { tree in
            if lookUp(steps(path), in: tree) == nil { try set(value, at: steps(path), in: &tree) }
        }
    }

    /// The value at dotted `path` is replaced by what `conversion` makes of it; an error it
    /// throws fails the migration.
    public static func convert(
        _ path: String, _ conversion: @escaping @Sendable (ModelValue) throws -> ModelValue
    ) -> ModelMigration {
        ModelMigration("convert \(path)") { tree in
            guard let value = lookUp(steps(path), in: tree) else { return }
            try set(conversion(value), at: steps(path), in: &tree)
        }
    }

    /// Runs the step.
    func apply(to tree: inout ModelValue) throws {
        try body(&tree)
    }

    // MARK: - Dotted paths

    /// Why a step could not change the tree.
    struct PathError: Error, CustomStringConvertible {
        let description: String
    }

    private static func steps(_ path: String) -> [String] {
        path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    private static func lookUp(_ steps: [String], in tree: ModelValue) -> ModelValue? {
        var current = tree
        for step in steps {
            guard let next = current[step] else { return nil }
            current = next
        }
        return current
    }

    private static func remove(_ steps: [String], in tree: inout ModelValue) throws -> ModelValue? {
        guard case .dictionary(var entries) = tree, let first = steps.first else { return nil }
        if steps.count == 1 {
            let removed = entries.removeValue(forKey: first)
            tree = .dictionary(entries)
            return removed
        }
        guard var child = entries[first] else { return nil }
        let removed = try remove(Array(steps.dropFirst()), in: &child)
        entries[first] = child
        tree = .dictionary(entries)
        return removed
    }

    private static func set(_ value: ModelValue, at steps: [String], in tree: inout ModelValue) throws {
        guard case .dictionary(var entries) = tree, let first = steps.first else {
            throw PathError(description: "\(steps.joined(separator: ".")) is inside a \(tree.kindName), not a dictionary")
        }
        if steps.count == 1 {
            entries[first] = value
        } else {
            var child = entries[first] ?? .dictionary([:])
            try set(value, at: Array(steps.dropFirst()), in: &child)
            entries[first] = child
        }
        tree = .dictionary(entries)
    }
}
