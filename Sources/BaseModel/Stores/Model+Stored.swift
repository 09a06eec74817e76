import Foundation

extension Model {
    /// The model's bytes as a store keeps them and ``data(format:context:)`` gives them: in
    /// `codec`'s format, with ``schemaVersion`` recorded (`$schemaVersion`) when it is not 1, and
    /// the `unknown` entries a shared instance's saved data had added where the model has no
    /// value of its own. Without either, the codec writes the model straight (``FormatCodec/encodeModel(_:using:)``).
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded in the format.
    package func storedData(
        codec: any FormatCodec, encoder: ModelEncoder, unknown: [(String, ModelValue)] = []
    ) throws(ModelError) -> Data {
        guard Self.schemaVersion != 1 || !unknown.isEmpty else { return try codec.encodeModel(self, using: encoder) }
        return try codec.encodeTree(Self.stamped(codec.forThisFormat(encoder).encode(self), unknown: unknown))
    }

    /// A model from a store's bytes in `codec`'s format, read with `context` as saved data is
    /// (``SavedRead``: older versions migrated, newer ones read as they are), and the version
    /// they were written with. A codec with a graph decodes straight from it, as
    /// ``init(data:context:)`` does; only data of an older version goes through the tree.
    ///
    /// - Throws: ``ModelError`` when the bytes do not parse, migrate or decode.
    package static func fromStoredData(
        _ data: Data, codec: any FormatCodec, context: ModelContext
    ) throws(ModelError) -> (model: Self, version: Int) {
        let read = try SavedRead<Self>(data, codec: codec, context: context)
        return (read.model, read.version)
    }
}

extension IdentifiedModel {
    /// Whether a save may replace the stored bytes `data` of the model with identifier `id`:
    /// `nil` when they are bytes `known` vouches for (this store wrote them, or read them as
    /// this type) or when they decode, else why they do not — the caller moves them aside first.
    ///
    /// Bytes the store knows cost a hash of them; others are read as a fetch reads them, and a
    /// newer version is refused before anything is decoded.
    ///
    /// - Throws: ``ModelError/Reason/newerVersion(found:known:)`` when they were written by a newer
    ///   version of the model (decodable or not), which a save must not replace.
    package static func unreadableReason(
        ofStored data: Data, id: ID, codec: () throws(ModelError) -> any FormatCodec, context: ModelContext,
        known: ReplaceableCopies
    ) throws(ModelError) -> ModelError? {
        if known.vouches(for: data, of: Self.self, id: id) { return nil }
        do {
            _ = try SavedRead<Self>(data, codec: codec(), context: context, refusingNewer: true)
        } catch {
            if case .newerVersion = error.reason { throw error }
            return error
        }
        return nil
    }
}
