import Foundation

/// A model read from saved data (a shared instance's save file or storage, a store's file or
/// row), with what the data said beyond the model: the schema version it was written with, and
/// the entries the model does not know, to write back on save.
///
/// Saved data is read as ``Model/init(data:context:)`` reads bytes, with the caller's
/// ``ModelContext`` (its codecs, types, identity map and limits), and with the rules of saved
/// data: data of an older ``Model/schemaVersion`` is migrated and the migration logged, data of
/// a newer version is read as it is (the caller refuses to replace it, see ``version``).
struct SavedRead<M: Model> {
    /// The model.
    var model: M
    /// The schema version the data was written with (1 when it records none).
    var version: Int
    /// The data's top-level entries the model does not read, when it ``Model/keepsUnknownKeys``.
    var unknownEntries: [(String, ModelValue)]

    /// Reads `data`, in `codec`'s format, with `context`.
    ///
    /// A codec with a graph (``GraphCodec``) reads the bytes once into it; data at the model's
    /// version or newer is decoded from the graph, as `M(data:)` decodes it, and only the root's
    /// `$schemaVersion` and unknown keys are looked up besides: no tree is built. Older data,
    /// and data in a codec without a graph, go through the tree, which the migrations work on.
    ///
    /// With `refusingNewer`, data of a newer version is refused before it is decoded.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, the recorded version is not a positive
    ///   integer, a migration step fails, or a value does not fit the model (with its path);
    ///   ``ModelError/Reason/newerVersion(found:known:)`` for newer data `refusingNewer`.
    init(
        _ data: Data, codec: any FormatCodec, context: ModelContext, keepingUnknownKeys: Bool = false,
        refusingNewer: Bool = false
    ) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> SavedRead in
            let decoder = codec.forThisFormat(context.decoder)
            guard let graphCodec = codec as? any GraphCodec else {
                return try SavedRead(
                    tree: codec.decodeTree(from: data), decoder: decoder, format: codec.format,
                    keepingUnknownKeys: keepingUnknownKeys, refusingNewer: refusingNewer)
            }
            return try StackReserve.run { () throws(ModelError) -> SavedRead in
                let graph: InputIndex
                do throws(ModelError) {
                    graph = try graphCodec.readGraph(from: data)
                } catch var error {
                    if error.format == nil { error.format = codec.format }
                    throw error
                }
                return try SavedRead(
                    graph: graph, decoder: decoder, format: codec.format, keepingUnknownKeys: keepingUnknownKeys,
                    refusingNewer: refusingNewer)
            }
        }
    }

    /// Reads `graph` (see ``init(_:codec:context:keepingUnknownKeys:refusingNewer:)``).
    ///
    /// - Throws: ``ModelError`` as ``init(_:codec:context:keepingUnknownKeys:refusingNewer:)``.
    init(
        graph: InputIndex, decoder: ModelDecoder, format: ModelFormat, keepingUnknownKeys: Bool, refusingNewer: Bool = false
    ) throws(ModelError) {
        let version = try graph.recordedSchemaVersion()
        guard version >= M.schemaVersion else {
            self = try SavedRead(tree: graph.typedTree(), decoder: decoder, format: format, keepingUnknownKeys: keepingUnknownKeys)
            return
        }
        if refusingNewer, version > M.schemaVersion { throw ModelError(.newerVersion(found: version, known: M.schemaVersion)) }
        model = try TreeDecoder.decode(M.self, from: graph, registry: decoder.registry, identityMap: decoder.identityMap, format: format)
        self.version = version
        unknownEntries = keepingUnknownKeys && M.keepsUnknownKeys ? try graph.rootEntries(notIn: M.readKeys) : []
    }

    /// Reads `tree`, migrated first when older, with `decoder` (as the format needs it: typed or
    /// plain). Errors the tree decoder reports are reported in `format`.
    ///
    /// - Throws: ``ModelError`` as ``init(_:codec:context:keepingUnknownKeys:refusingNewer:)``.
    init(
        tree: ModelValue, decoder: ModelDecoder, format: ModelFormat, keepingUnknownKeys: Bool, refusingNewer: Bool = false
    ) throws(ModelError) {
        let migrated: ModelValue
        (migrated, version) = try M.migrated(tree)
        if refusingNewer, version > M.schemaVersion { throw ModelError(.newerVersion(found: version, known: M.schemaVersion)) }
        do {
            model = try decoder.decode(M.self, from: migrated)
        } catch var error {
            if error.format == .tree { error.format = format }
            throw error
        }
        unknownEntries = keepingUnknownKeys ? M.unknownEntries(of: migrated) : []
    }
}
