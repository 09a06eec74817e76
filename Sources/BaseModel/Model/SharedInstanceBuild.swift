import Foundation

/// One build of a shared instance from its layers (defaults ← resource file ← saved data), with
/// what went wrong: the instance is always there; the errors say which layer was left out and
/// why, and whether saving over the saved data is safe.
struct SharedInstanceBuild<M: SharedModel> {
    /// A layer read into a tree, and whether its format stores types.
    struct Layer {
        var tree: ModelValue
        var typed: Bool
        /// The schema version the saved layer was written with (1 for a resource file).
        var version = 1
    }

    /// The instance: every layer that could be read and decoded.
    var model: M
    /// Why the saved data was left out, when it was.
    var saveError: ModelError?
    /// Why the resource file was left out, when it was.
    var resourceError: ModelError?
    /// What the saved data's failure became: where it was moved. Set by ``quarantineSavedData()``.
    var failure: SharedInstanceFailure?
    /// Why the next save must not write (see ``SharedInstances/SavedState/saveRefusal``).
    var saveRefusal: ModelError?
    /// The schema version of the saved data that was read, `nil` when none was.
    var savedVersion: Int?
    /// The saved data's entries the model does not know, to write back on save.
    var unknownEntries: [(String, ModelValue)] = []

    /// The error ``SharedModel/reloadSharedInstance()`` throws: the saved data's, else the resource's.
    var error: ModelError? { saveError ?? resourceError }

    /// Reads both layers with `M.context` and decodes the instance from those that work: first
    /// both, then the resource file alone (the saved data is to blame), then the saved data
    /// alone (the resource is), then the defaults.
    ///
    /// Without a resource file (the common case) the saved data is read as `M(data:)` reads
    /// bytes, straight from its codec's graph where it has one (``SavedRead``); with one, both
    /// layers are read as trees and merged (later keys win, missing keys keep the resource's
    /// values, an explicit null clears an optional), then decoded once.
    init() {
        let context = M.context
        var resource: Layer?
        do {
            if let (tree, typed) = try ResourceCache.tree(at: M.resourceURL, formats: context.formats) { resource = Layer(tree: tree, typed: typed) }
        } catch {
            resourceError = error
        }
        var source: SavedSource?
        do {
            source = try Self.readSavedSource(context)
        } catch {
            saveError = error
        }
        guard let source else {
            (model, resourceError) = Self.decodeResource(resource, context, error: resourceError)
            return
        }
        if resource == nil {
            // The saved layer alone: decoded as it is read.
            do {
                let read = try source.read(context)
                model = read.model
                keep(read)
            } catch {
                saveError = error
                model = M()
                // Data of a newer version that does not decode is that version's: no save replaces it.
                if let version = try? source.layer(context).version, version > M.schemaVersion {
                    saveRefusal = ModelError(.newerVersion(found: version, known: M.schemaVersion))
                }
            }
            return
        }
        var saved: Layer?
        do {
            saved = try source.layer(context)
        } catch {
            saveError = error
        }
        if let saved, saved.version > M.schemaVersion {
            saveRefusal = ModelError(.newerVersion(found: saved.version, known: M.schemaVersion))
        }
        guard let saved else {
            (model, resourceError) = Self.decodeResource(resource, context, error: resourceError)
            return
        }
        do {
            model = try Self.decode([resource, saved].compactMap { $0 }, context)
            savedVersion = saved.version
            unknownEntries = M.unknownEntries(of: saved.tree)
            return
        } catch {
            saveError = error
            do {
                model = try Self.decode([resource].compactMap { $0 }, context)
            } catch let resourceFailure {
                // The resource alone fails too: it is to blame, and the saved data may be fine.
                resourceError = resourceFailure
                do {
                    model = try Self.decode([saved], context)
                    saveError = nil
                    savedVersion = saved.version
                    unknownEntries = M.unknownEntries(of: saved.tree)
                } catch {
                    model = M()
                }
            }
        }
    }

    /// Keeps what reading the saved data found beside the model: its version (refusing saves
    /// over a newer one) and its unknown entries.
    private mutating func keep(_ read: SavedRead<M>) {
        savedVersion = read.version
        unknownEntries = read.unknownEntries
        if read.version > M.schemaVersion {
            saveRefusal = ModelError(.newerVersion(found: read.version, known: M.schemaVersion))
        }
    }

    /// The instance from the resource layer alone, or the defaults; a resource that does not
    /// decode is left out, and its error returned instead of `error`.
    private static func decodeResource(
        _ resource: Layer?, _ context: ModelContext, error: ModelError?
    ) -> (M, ModelError?) {
        guard let resource else { return (M(), error) }
        do {
            return (try decode([resource], context), error)
        } catch {
            return (M(), error)
        }
    }

    /// The saved data as it was found: a save file's bytes and their codec, or a storage's tree.
    enum SavedSource {
        case bytes(Data, any FormatCodec)
        case storage(ModelValue)

        /// The model, as the bytes or tree say, with its version and unknown entries.
        ///
        /// - Throws: ``ModelError`` when it does not parse, migrate or decode.
        func read(_ context: ModelContext) throws(ModelError) -> SavedRead<M> {
            switch self {
            case .bytes(let data, let codec):
                return try SavedRead(data, codec: codec, context: context, keepingUnknownKeys: true)
            case .storage(let tree):
                return try context.withLimits { () throws(ModelError) -> SavedRead<M> in
                    try SavedRead(tree: tree, decoder: context.plainDecoder, format: M.saveFormat, keepingUnknownKeys: true)
                }
            }
        }

        /// The saved layer as a tree, migrated to the model's version, to merge over a resource.
        ///
        /// - Throws: ``ModelError`` when it does not parse or migrate.
        func layer(_ context: ModelContext) throws(ModelError) -> Layer {
            let (tree, typed): (ModelValue, Bool)
            switch self {
            case .bytes(let data, let codec):
                tree = try context.withLimits { () throws(ModelError) -> ModelValue in try codec.decodeTree(from: data) }
                typed = codec.storesTypes
            case .storage(let stored):
                (tree, typed) = (stored, false)
            }
            let (migrated, version) = try M.migrated(tree)
            return Layer(tree: migrated, typed: typed, version: version)
        }
    }

    /// The saved data: the storage's, else the save file's bytes with the codec that reads them;
    /// `nil` when there is none.
    ///
    /// - Throws: ``ModelError`` when it exists but cannot be read, or is in no known format.
    static func readSavedSource(_ context: ModelContext) throws(ModelError) -> SavedSource? {
        if let storage = context.formats.storage(for: M.saveFormat) {
            return try storage.load(M.self).map { .storage($0) }
        }
        let url = M.saveURL
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let failure = ModelError.io("read", url, error)
            if case .io(_, _, Int(ENOENT)?, _) = failure.reason { return nil }
            throw failure
        }
        return .bytes(data, try context.formats.detect(data))
    }

    /// `layers` merged (later keys win) and decoded with `context`; the defaults when there
    /// are none.
    static func decode(_ layers: [Layer], _ context: ModelContext) throws(ModelError) -> M {
        guard let first = layers.first else { return M() }
        let merged = layers.dropFirst().reduce(first.tree) { $0.merging($1.tree) }
        let decoder = layers.contains { $0.typed } ? context.decoder : context.plainDecoder
        return try context.withLimits { () throws(ModelError) -> M in try decoder.decode(M.self, from: merged) }
    }

    /// Moves saved data that could not be read aside (the save file to its quarantined name, a
    /// storage's entries to tagged keys) and sets ``failure``; when it cannot be moved, could not
    /// even be opened, or was written by a newer version, it stays, and ``saveRefusal`` keeps the
    /// next save from replacing it.
    mutating func quarantineSavedData() {
        guard let saveError else {
            if let resourceError { failure = SharedInstanceFailure(typeName: M.typeName, error: resourceError, quarantine: nil) }
            return
        }
        var destination: String?
        do {
            if case .newerVersion? = saveRefusal?.reason {
                // A newer app's data that this version cannot decode is that app's, not bad:
                // it stays, and the refusal already keeps saves off it.
            } else if Self.isUnreadableForNow(saveError) {
                // The bytes may be fine: the file could not be opened, or needs a password this
                // run does not have. Keep it in place and keep saves off it.
                saveRefusal = Self.refusal(saveError, because: "could not be read")
            } else if let storage = M.context.formats.storage(for: M.saveFormat) {
                destination = try storage.quarantine(M.self, tag: Quarantine.tag())
            } else {
                destination = try Quarantine.moveAside(M.saveURL).path
            }
        } catch {
            saveRefusal = Self.refusal(saveError, because: "could not be moved aside (\(error))")
        }
        failure = SharedInstanceFailure(typeName: M.typeName, error: saveError, quarantine: destination)
    }

    /// Whether `error` says the data cannot be read by this run rather than that it is bad: an
    /// I/O failure, or an encrypted file without the right password (the crypto target's
    /// `wrongPassword` and `passwordRequired`).
    static func isUnreadableForNow(_ error: ModelError) -> Bool {
        switch error.reason {
        case .io: true
        case .other("crypto", "wrongPassword", _), .other("crypto", "passwordRequired", _): true
        default: false
        }
    }

    private static func refusal(_ error: ModelError, because why: String) -> ModelError {
        ModelError(.unsupported(
            "\(M.typeName)'s saved data is unreadable (\(error)) and \(why); save(overwriting: true) replaces it"))
    }
}
