import Foundation

extension Model {
    /// The model's bytes as a store keeps them and ``data(format:context:)`` gives them: in
    /// `codec`'s format, with ``schemaVersion`` recorded (`$schemaVersion`) when it is not 1.
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded in the format.
    package func storedData(codec: any FormatCodec, encoder: ModelEncoder) throws(ModelError) -> Data {
        guard Self.schemaVersion != 1 else { return try codec.encodeModel(self, using: encoder) }
        return try codec.encodeTree(Self.stamped(codec.forThisFormat(encoder).encode(self)))
    }

    /// A model from a store's bytes in `codec`'s format, migrated up to ``schemaVersion`` first,
    /// and the version they were written with.
    ///
    /// Always through the tree, which shows the recorded version, also for a codec that could
    /// stream (`fast`): a version-1 model must still see a newer version's data as newer.
    ///
    /// - Throws: ``ModelError`` when the bytes do not parse, migrate or decode.
    package static func fromStoredData(
        _ data: Data, codec: any FormatCodec, decoder: ModelDecoder
    ) throws(ModelError) -> (model: Self, version: Int) {
        let (tree, version) = try migrated(codec.decodeTree(from: data))
        return (try codec.forThisFormat(decoder).decode(Self.self, from: tree), version)
    }

    /// Whether a save may replace the stored bytes `data`: `nil` when they decode (so the save
    /// read what it replaces), else why they do not — the caller moves them aside first.
    ///
    /// - Throws: ``ModelError/Reason/newerVersion(found:known:)`` when they were written by a newer
    ///   version of the model (decodable or not), which a save must not replace.
    package static func unreadableReason(
        ofStored data: Data, codec: () throws(ModelError) -> any FormatCodec, decoder: ModelDecoder
    ) throws(ModelError) -> ModelError? {
        let format: any FormatCodec
        let tree: ModelValue
        let version: Int
        do {
            format = try codec()
            (tree, version) = try migrated(format.decodeTree(from: data))
        } catch {
            return error
        }
        if version > schemaVersion { throw ModelError(.newerVersion(found: version, known: schemaVersion)) }
        do {
            _ = try format.forThisFormat(decoder).decode(Self.self, from: tree)
        } catch {
            return error
        }
        return nil
    }
}
