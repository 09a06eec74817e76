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

    /// Reads both layers and decodes the instance from those that work: first both, then the
    /// resource file alone (the saved data is to blame), then the saved data alone (the resource
    /// is), then the defaults.
    init() {
        var resource: Layer?
        do {
            if let (tree, typed) = try ResourceCache.tree(at: M.resourceURL, formats: .shared) { resource = Layer(tree: tree, typed: typed) }
        } catch {
            resourceError = error
        }
        var saved: Layer?
        do {
            saved = try Self.readSavedLayer()
        } catch {
            saveError = error
        }
        if let saved, saved.version > M.schemaVersion {
            saveRefusal = ModelError(.newerVersion(found: saved.version, known: M.schemaVersion))
        }
        do {
            model = try Self.decode([resource, saved].compactMap { $0 })
            savedVersion = saved?.version
            unknownEntries = saved.map { M.unknownEntries(of: $0.tree) } ?? []
            return
        } catch {
            guard let saved else {
                resourceError = error
                model = M()
                return
            }
            saveError = error
            do {
                model = try Self.decode([resource].compactMap { $0 })
            } catch let resourceFailure {
                // The resource alone fails too: it is to blame, and the saved data may be fine.
                resourceError = resourceFailure
                do {
                    model = try Self.decode([saved])
                    saveError = nil
                    savedVersion = saved.version
                    unknownEntries = M.unknownEntries(of: saved.tree)
                } catch {
                    model = M()
                }
            }
        }
    }

    /// The saved layer as a tree, migrated to the model's version: the storage's, else the save
    /// file's; `nil` when there is none.
    ///
    /// - Throws: ``ModelError`` when it exists but cannot be read or migrated.
    static func readSavedLayer() throws(ModelError) -> Layer? {
        guard let layer = try readSavedTree() else { return nil }
        let (tree, version) = try M.migrated(layer.tree)
        return Layer(tree: tree, typed: layer.typed, version: version)
    }

    private static func readSavedTree() throws(ModelError) -> Layer? {
        if let storage = FormatRegistry.shared.storage(for: M.saveFormat) {
            return try storage.load(M.self).map { Layer(tree: $0, typed: false) }
        }
        let data: Data
        do {
            data = try Data(contentsOf: M.saveURL)
        } catch {
            let failure = ModelError.io("read", M.saveURL, error)
            if case .io(_, _, Int(ENOENT)?, _) = failure.reason { return nil }
            throw failure
        }
        let codec = try FormatRegistry.shared.detect(data)
        return Layer(tree: try codec.decodeTree(from: data), typed: codec.storesTypes)
    }

    /// `layers` merged (later keys win) and decoded; the defaults when there are none.
    static func decode(_ layers: [Layer]) throws(ModelError) -> M {
        guard let first = layers.first else { return M() }
        let merged = layers.dropFirst().reduce(first.tree) { $0.merging($1.tree) }
        return try ModelDecoder(registry: layers.contains { $0.typed } ? .shared : nil).decode(M.self, from: merged)
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
            } else if let storage = FormatRegistry.shared.storage(for: M.saveFormat) {
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
