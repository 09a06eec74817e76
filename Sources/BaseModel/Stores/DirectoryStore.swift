import Foundation

/// A ``ModelStore`` of files: one file per model, in any format of the registry, written
/// atomically (FDModel's archived-file store).
///
/// A model of type `Game` with identifier `93` lives at `<directory>/Game/<name>`, where `<name>`
/// is the lowercase hex SHA-256 of `"Game-93"` (FDModel's naming) plus the format's extension.
/// A folder per type lets ``fetchAll(_:)`` and ``deleteAll(_:)`` find a type's files, whose
/// names are hashes. Files are read by content, so a folder may mix formats.
///
/// ```swift
/// let store = try DirectoryStore(directory: ModelLocations.applicationSupport.appendingPathComponent("Games"))
/// try await store.save(game)
/// ```
///
/// Saves write a temporary file and rename it over the old one, so a reader — or a process
/// restarted after a crash — finds the old model or the new one, never a torn file. Concurrent
/// saves of one identifier: the last rename wins.
///
/// A save never replaces a file it cannot read: one that does not decode (damaged, or from
/// before a type change) is first moved aside as `<name>.unreadable-<UTC time>.<extension>`,
/// which ``fetchAll(_:)`` no longer lists, and logged; one written by a newer
/// ``Model/schemaVersion`` is refused. Files of older versions are migrated on fetch and
/// written in the current version by the next save.
package final class DirectoryStore: ModelStore, StoreShortcuts {
    /// The folder holding a folder per type.
    let directory: URL
    /// The format new files are written in.
    let format: ModelFormat
    private let context: ModelContext
    private let fileExtension: String
    /// The files this store wrote or read, which a save replaces without decoding them again.
    private let replaceable = ReplaceableCopies()

    /// Creates a store in `directory`, created on first save.
    ///
    /// - Parameters:
    ///   - format: The format files are written in. Default: a binary property list.
    ///   - context: The codecs for writing and for reading files back by content, and the model
    ///     types of formats that store types.
    /// - Throws: ``ModelError`` when the context has no codec for `format`.
    package init(
        directory: URL, format: ModelFormat = .binaryPropertyList, context: ModelContext = ModelContext()
    ) throws(ModelError) {
        self.directory = directory
        self.format = format
        self.context = context
        self.fileExtension = try context.formats.codec(for: format).fileExtension
    }

    /// The file name of the model of `type` with identifier `id`: the lowercase hex SHA-256 of
    /// `"<typeName>-<id>"` and the format's extension.
    func fileName<M: IdentifiedModel>(for type: M.Type, id: M.ID) -> String {
        "\(SHA256Digest.hexDigest(of: "\(M.typeName)-\(id.modelIdentifier)")).\(fileExtension)"
    }

    /// The file of the model of `type` with identifier `id`.
    func fileURL<M: IdentifiedModel>(for type: M.Type, id: M.ID) -> URL {
        folder(for: M.self).appendingPathComponent(fileName(for: M.self, id: id))
    }

    private func folder<M: IdentifiedModel>(for type: M.Type) -> URL {
        let safeName = M.typeName.map { $0 == "/" || $0 == "\0" ? "_" : $0 }
        return directory.appendingPathComponent(String(safeName), isDirectory: true)
    }

    /// Writes each model to its file atomically, one file after another (not one transaction: a
    /// failure leaves the models before it saved).
    ///
    /// - Throws: ``ModelError`` when a model cannot be encoded or its file written (its old file
    ///   is then untouched), or ``ModelError/Reason/newerVersion(found:known:)`` when its file was
    ///   written by a newer version of the model.
    package func save<M: IdentifiedModel>(_ models: [M]) async throws(ModelError) {
        for model in models { try saveSynchronously(model) }
    }

    /// Writes `model` to its file atomically, without suspending.
    ///
    /// - Throws: ``ModelError`` as ``save(_:)``.
    func saveSynchronously<M: IdentifiedModel>(_ model: M) throws(ModelError) {
        let codec = try context.formats.codec(for: format)
        let bytes = try context.withLimits { () throws(ModelError) -> Data in
            try model.storedData(codec: codec, encoder: context.encoder)
        }
        let url = fileURL(for: M.self, id: model.id)
        try moveAsideIfUnreadable(M.self, id: model.id, at: url)
        replaceable.forget(M.self, id: model.id)
        try bytes.writeModelFile(to: url, atomically: true, format: format)
        replaceable.remember(bytes, of: M.self, id: model.id)
    }

    /// Moves the file at `url` aside when it exists and does not decode as `type` (a file this
    /// store wrote or read is known to, see ``ReplaceableCopies``).
    ///
    /// - Throws: ``ModelError/Reason/newerVersion(found:known:)`` for a file of a newer version,
    ///   or when the file cannot be read or moved.
    private func moveAsideIfUnreadable<M: IdentifiedModel>(_ type: M.Type, id: M.ID, at url: URL) throws(ModelError) {
        let old: Data
        do {
            old = try Data(contentsOf: url)
        } catch {
            let failure = ModelError.io("read", url, error)
            if case .io(_, _, Int(ENOENT)?, _) = failure.reason { return }
            throw failure
        }
        let formats = context.formats
        guard
            let reason = try M.unreadableReason(
                ofStored: old, id: id, codec: { () throws(ModelError) in try formats.detect(old) }, context: context,
                known: replaceable)
        else { return }
        let moved = try Quarantine.moveAside(url)
        PersistenceLog.logger.error("\(M.typeName) in \(directory.path): \(url.lastPathComponent) does not decode (\(reason)); moved to \(moved.lastPathComponent)")
    }

    /// Reads the model stored under `id`, detecting the file's format.
    ///
    /// - Throws: ``ModelError`` when the file exists but cannot be read or decoded.
    package func fetchSynchronously<M: IdentifiedModel>(_ type: M.Type, id: M.ID) throws(ModelError) -> M? {
        let url = fileURL(for: M.self, id: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try read(M.self, at: url)
    }

    private func read<M: IdentifiedModel>(_ type: M.Type, at url: URL) throws(ModelError) -> M {
        let data = try Data(modelFileAt: url)
        return try decode(M.self, data)
    }

    /// The model in a file's bytes, read with the store's context; bytes of this version or an
    /// older one are remembered as replaceable.
    private func decode<M: IdentifiedModel>(_ type: M.Type, _ data: Data) throws(ModelError) -> M {
        let (model, version) = try M.fromStoredData(data, codec: context.formats.detect(data), context: context)
        if version <= M.schemaVersion { replaceable.remember(data, of: M.self, id: model.id) }
        return model
    }

    /// Every model of `type` in its folder, in file-name order; files that cannot be read or
    /// decoded are reported as failures. Other files in the folder (temporary files left by a
    /// crash) are ignored.
    package func fetchAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> StoreFetchResult<M> {
        var result = StoreFetchResult<M>()
        for url in try modelFiles(of: M.self) {
            do {
                result.models.append(try read(M.self, at: url))
            } catch {
                result.failures[url.lastPathComponent] = error
            }
        }
        return result
    }

    /// The models of `type` that `query` matches: each file is read into a tree, migrated to
    /// the current version and matched; only matches are decoded, from that tree. A file that
    /// cannot be read, or that matches and does not decode, is a failure.
    package func fetchStored<M: IdentifiedModel>(_ type: M.Type, matching query: StoreQuery) async throws(ModelError) -> StoreFetchResult<M> {
        var result = StoreFetchResult<M>()
        for url in try modelFiles(of: M.self) {
            do {
                let data = try Data(modelFileAt: url)
                if let model = try query.model(M.self, stored: data, codec: context.formats.detect(data), context: context) {
                    result.models.append(model)
                }
            } catch {
                result.failures[url.lastPathComponent] = error
            }
        }
        return result
    }

    /// The files named like a stored model: 64 hexadecimal digits and an extension (so not the
    /// files moved aside, whose names have a tag before the extension).
    private func modelFiles<M: IdentifiedModel>(of type: M.Type) throws(ModelError) -> [URL] {
        let folder = folder(for: M.self)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw ModelError.io("list", folder, error)
        }
        return names.filter(Self.isModelFileName).sorted().map { folder.appendingPathComponent($0) }
    }

    private static func isModelFileName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count > 65, utf8[64] == UInt8(ascii: "."), !utf8[65...].contains(UInt8(ascii: ".")) else { return false }
        return utf8[..<64].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Removes the file of the model stored under `id`.
    @discardableResult
    package func delete<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        let url = fileURL(for: M.self, id: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        try remove(url)
        return true
    }

    /// Removes every model file of `type`.
    @discardableResult
    package func deleteAll<M: IdentifiedModel>(_ type: M.Type) async throws(ModelError) -> Int {
        let files = try modelFiles(of: M.self)
        for url in files { try remove(url) }
        return files.count
    }

    private func remove(_ url: URL) throws(ModelError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw ModelError.io("remove", url, error)
        }
    }

    /// Whether a file exists for `id`.
    package func containsStored<M: IdentifiedModel>(_ type: M.Type, id: M.ID) async throws(ModelError) -> Bool {
        FileManager.default.fileExists(atPath: fileURL(for: M.self, id: id).path)
    }
}
