import Foundation

extension SharedModel {
    /// The shared instance of this type, created on first use (BaseModel's `sharedInstance`).
    ///
    /// It is built by layering: the defaults of `init()`, then the bundled ``resourceFile``, then
    /// the ``saveFile`` — each later layer's keys win, missing keys keep the earlier value. A
    /// resource or save file that cannot be read is skipped (the type still gets an instance);
    /// call ``reloadSharedInstance()`` to see the error. Subclasses have their own.
    ///
    /// ```swift
    /// TodoList.shared.items.append(TodoItem(label: "Buy milk"))   // a class model
    /// try TodoList.shared.save()
    /// ```
    ///
    /// Creating it never posts a notification. It is safe to call from any task; if two tasks
    /// race to create it, both get the same instance.
    ///
    /// Re-entry: BaseModel flagged a class while it loaded its resource file, because loading
    /// called `init` on nested instances of the same class. Here files are read as trees and
    /// nested models are built by decoding, which never asks for `shared`, so no flag is needed.
    /// The one way to recurse is an `init()` that itself reads `shared`: don't.
    public static var shared: Self {
        if let existing = SharedInstances.instance(of: Self.self) as? Self { return existing }
        let made = (try? loadLayered()) ?? Self()
        return SharedInstances.storeIfAbsent(SharedInstances.Box(value: made), for: Self.self) as! Self
    }

    /// Whether the shared instance exists; never creates one.
    public static var hasSharedInstance: Bool { SharedInstances.instance(of: Self.self) != nil }

    /// Replaces the shared instance; `nil` frees it (the next ``shared`` builds a new one).
    ///
    /// When an instance was there before, posts ``Foundation/Notification/Name/baseModelSharedInstanceUpdated``
    /// on the default center with the old instance as object, and yields the new one to every
    /// ``sharedInstanceUpdates`` stream — synchronously, on the caller's thread.
    public static func setSharedInstance(_ instance: Self?) {
        let (old, listeners) = SharedInstances.replace(with: instance.map { SharedInstances.Box(value: $0) }, for: Self.self)
        guard let old else { return }
        NotificationCenter.default.post(name: .baseModelSharedInstanceUpdated, object: old)
        let update = SharedInstanceUpdate(typeName: typeName, wasCleared: instance == nil)
        for listener in listeners { listener(update) }
    }

    /// Builds the shared instance anew from defaults, resource file and save file and installs it
    /// (announcing the replacement when one existed).
    ///
    /// - Throws: ``ModelError`` when the resource or save file exists but cannot be read.
    public static func reloadSharedInstance() throws(ModelError) {
        setSharedInstance(try loadLayered())
    }

    /// Replacements of the shared instance, as an `AsyncStream`: one ``SharedInstanceUpdate``
    /// per replacement (read ``shared`` for the new instance). The first creation is not a
    /// replacement. Each call makes a new stream; it stops listening when the consumer stops
    /// iterating.
    public static var sharedInstanceUpdates: AsyncStream<SharedInstanceUpdate> {
        let (stream, continuation) = AsyncStream<SharedInstanceUpdate>.makeStream(bufferingPolicy: .unbounded)
        let type = ObjectIdentifier(Self.self)
        let token = SharedInstances.addListener(for: type) { continuation.yield($0) }
        continuation.onTermination = { _ in SharedInstances.removeListener(token, for: type) }
        return stream
    }

    /// Writes the shared instance to ``saveFile`` in ``saveFormat``, atomically (BaseModel's
    /// `save`); with a format that has a storage of its own (user defaults, the keychain),
    /// hands it to that instead.
    ///
    /// For a class model, `self` must be the shared instance; for a struct model, `self`
    /// becomes the shared instance and is written. Concurrent saves of one type run one after
    /// another, so none is lost or torn.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` when a class instance is not the shared
    ///   one, and the errors of writing the file (see ``write(to:format:atomically:context:)-(String,_,_,_)``).
    public func save() throws(ModelError) {
        if Swift.type(of: self) is AnyClass {
            guard let current = SharedInstances.instance(of: Self.self), (current as AnyObject) === (self as AnyObject) else {
                throw ModelError(.unsupported("only the shared instance of \(Self.typeName) can be saved; write(to:format:) saves any instance"))
            }
        } else {
            Self.setSharedInstance(self)
        }
        let lock = SharedInstances.saveLock(for: Self.self)
        lock.lock()
        defer { lock.unlock() }
        if let storage = FormatRegistry.shared.storage(for: Self.saveFormat) { return try storage.save(self) }
        try write(to: Self.saveFile, format: Self.saveFormat, atomically: true)
    }

    /// The URL of ``resourceFile``: an absolute path as it is, else in ``resourceBundle``.
    static var resourceURL: URL {
        if resourceFile.hasPrefix("/") { return URL(fileURLWithPath: resourceFile) }
        return resourceBundle.resourceURL?.appendingPathComponent(resourceFile)
            ?? URL(fileURLWithPath: resourceFile, relativeTo: resourceBundle.bundleURL)
    }

    /// The URL of ``saveFile``.
    static var saveURL: URL { ModelLocations.saveURL(for: saveFile) }

    /// defaults ← resource file ← save file, decoded once.
    static func loadLayered() throws(ModelError) -> Self {
        var layers: [ModelValue] = []
        var typed = false
        if let (tree, storesTypes) = try ResourceCache.tree(at: resourceURL, formats: .shared) {
            layers.append(tree)
            typed = typed || storesTypes
        }
        if let storage = FormatRegistry.shared.storage(for: saveFormat) {
            if let stored = try storage.load(Self.self) { layers.append(stored) }
        } else if let data = FileManager.default.contents(atPath: saveURL.path) {
            let codec = try FormatRegistry.shared.detect(data)
            layers.append(try codec.decodeTree(from: data))
            typed = typed || codec.storesTypes
        }
        guard let first = layers.first else { return Self() }
        let merged = layers.dropFirst().reduce(first) { $0.merging($1) }
        return try ModelDecoder(registry: typed ? .shared : nil).decode(Self.self, from: merged)
    }
}
