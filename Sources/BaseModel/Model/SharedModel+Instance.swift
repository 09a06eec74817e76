import Foundation

extension SharedModel {
    /// The shared instance of this type, created on first use (BaseModel's `sharedInstance`).
    ///
    /// It is built by layering: the defaults of `init()`, then the bundled ``resourceFile``, then
    /// the ``saveFile`` — each later layer's keys win, missing keys keep the earlier value.
    /// Subclasses have their own.
    ///
    /// Saved data that exists but cannot be read or decoded (a damaged file, a property whose
    /// type changed) is never lost: it is moved aside (`TodoList.plist` →
    /// `TodoList.unreadable-<UTC time>.plist` beside it; tagged keys in user defaults or the
    /// keychain), the instance is built from the other layers, and the failure is kept in
    /// ``sharedInstanceFailure``, yielded to ``sharedInstanceUpdates`` and logged. A resource file that cannot be read is
    /// left out and reported the same way, without being moved.
    ///
    /// ```swift
    /// TodoList.shared.items.append(TodoItem(label: "Buy milk"))   // a class model
    /// try TodoList.shared.save()
    /// ```
    ///
    /// Creating it is not announced as a replacement. It is safe to call from any task; if two tasks
    /// race to create it, both get the same instance.
    ///
    /// Reading it inside `withObservationTracking` or a SwiftUI view registers the instance:
    /// replacing it (``setSharedInstance(_:)``, ``reloadSharedInstance()``, a struct's
    /// ``save(overwriting:)``) tells the observer. A class model made `@Observable` also reports changes to
    /// its properties.
    ///
    /// Re-entry: BaseModel flagged a class while it loaded its resource file, because loading
    /// called `init` on nested instances of the same class. Here files are read as trees and
    /// nested models are built by decoding, which never asks for `shared`, so no flag is needed.
    /// The one way to recurse is an `init()` that itself reads `shared`: don't.
    public static var shared: Self {
        SharedInstanceObservation.of(Self.self).accessed()
        if let existing = SharedInstances.instance(of: Self.self) as? Self { return existing }
        var build = SharedInstanceBuild<Self>()
        build.quarantineSavedData()
        let stored = SharedInstances.storeIfAbsent(SharedInstances.Box(value: build.model), for: Self.self) as! Self
        record(build, keepingEarlierFailure: true)
        return stored
    }

    /// The last failure to read this type's saved data or resource file, kept after ``shared``
    /// fell back without it (it never throws); `nil` when it was read, until a failure. Its
    /// ``SharedInstanceFailure/quarantine`` says where the unreadable data was moved.
    public static var sharedInstanceFailure: SharedInstanceFailure? { SharedInstances.savedState(of: Self.self).failure }

    /// Keeps what a build found and announces a failure: a log line and an event on every
    /// ``sharedInstanceUpdates`` stream.
    static func record(_ build: SharedInstanceBuild<Self>, keepingEarlierFailure: Bool) {
        var state = SharedInstances.savedState(of: Self.self)
        if build.failure != nil || !keepingEarlierFailure { state.failure = build.failure }
        state.saveRefusal = build.saveRefusal
        state.version = build.savedVersion
        state.unknownEntries = build.unknownEntries
        let listeners = SharedInstances.setSavedState(state, for: Self.self)
        guard let failure = build.failure else { return }
        PersistenceLog.logger.error("\(failure)")
        let update = SharedInstanceUpdate(typeName: typeName, wasCleared: false, failure: failure)
        for listener in listeners { listener(update) }
    }

    /// Whether the shared instance exists; never creates one.
    public static var hasSharedInstance: Bool { SharedInstances.instance(of: Self.self) != nil }

    /// Replaces the shared instance; `nil` frees it (the next ``shared`` builds a new one).
    ///
    /// When an instance was there before, yields an update to every ``sharedInstanceUpdates``
    /// stream and tells the observers of ``shared``, synchronously, on the caller's thread.
    public static func setSharedInstance(_ instance: Self?) {
        let (old, listeners) = SharedInstanceObservation.of(Self.self).replacing {
            SharedInstances.replace(with: instance.map { SharedInstances.Box(value: $0) }, for: Self.self)
        }
        guard old != nil else { return }
        let update = SharedInstanceUpdate(typeName: typeName, wasCleared: instance == nil)
        for listener in listeners { listener(update) }
    }

    /// Builds the shared instance anew from defaults, resource file and save file and installs it
    /// (announcing the replacement when one existed).
    ///
    /// Saved data that cannot be read is moved aside and reported as ``shared`` does, and the
    /// current instance is kept; the error says where the data went
    /// (`…; moved to …/TodoList.unreadable-20261125T063513Z.plist`), as
    /// ``sharedInstanceFailure``'s ``SharedInstanceFailure/quarantine`` does.
    ///
    /// ```swift
    /// do {
    ///     try TodoList.reloadSharedInstance()
    /// } catch {
    ///     guard let kept = TodoList.sharedInstanceFailure?.quarantine else { throw error }
    ///     print("Your list could not be read; it was kept as \(kept); starting from the defaults.")
    /// }
    /// ```
    ///
    /// - Throws: ``ModelError`` when the resource or save file exists but cannot be read.
    public static func reloadSharedInstance() throws(ModelError) {
        var build = SharedInstanceBuild<Self>()
        build.quarantineSavedData()
        record(build, keepingEarlierFailure: false)
        if var error = build.error {
            if build.saveError != nil { error.quarantine = build.failure?.quarantine }
            throw error
        }
        setSharedInstance(build.model)
    }

    /// Replacements of the shared instance, as an `AsyncStream`: one ``SharedInstanceUpdate``
    /// per replacement (read ``shared`` for the new instance), and one per failure to read the
    /// saved data (its ``SharedInstanceUpdate/failure`` set). The first creation is not a
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
    /// It refuses to replace saved data that could not be read nor moved aside (see
    /// ``shared``), and data a newer version wrote; `save(overwriting: true)` replaces it. Say
    /// so only after the user chose to drop that data.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` when a class instance is not the shared
    ///   one or the saved data must not be replaced, and the errors of writing the file (see
    ///   `write(to:format:atomically:context:)`).
    public func save(overwriting: Bool = false) throws(ModelError) {
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
        let state = SharedInstances.savedState(of: Self.self)
        if !overwriting, let refusal = state.saveRefusal { throw refusal }
        let context = Self.context
        if let storage = context.formats.storage(for: Self.saveFormat) {
            try storage.save(self, context: context)
        } else {
            let codec = try context.formats.codec(for: Self.saveFormat)
            try context.withLimits { () throws(ModelError) -> Data in
                try storedData(codec: codec, encoder: context.encoder, unknown: state.unknownEntries)
            }.writeModelFile(to: Self.saveURL, atomically: true, format: Self.saveFormat)
        }
        SharedInstances.recordSave(of: Self.self, version: Self.schemaVersion)
    }

    /// The schema version of the saved data the shared instance was built from (see
    /// ``Model/schemaVersion``): above the type's own when a newer app wrote it, and then
    /// ``save(overwriting:)`` refuses to replace it. `nil` when there was no saved data.
    package static var savedSchemaVersion: Int? { SharedInstances.savedState(of: Self.self).version }

    /// The URL of ``resourceFile``: an absolute path as it is, else in ``resourceBundle``.
    static var resourceURL: URL {
        if resourceFile.hasPrefix("/") { return URL(fileURLWithPath: resourceFile) }
        return resourceBundle.resourceURL?.appendingPathComponent(resourceFile)
            ?? URL(fileURLWithPath: resourceFile, relativeTo: resourceBundle.bundleURL)
    }

    /// The URL of ``saveFile``: an absolute path as it is, else in the ``context``'s
    /// application-support folder.
    static var saveURL: URL { context.url(for: saveFile) }

}
