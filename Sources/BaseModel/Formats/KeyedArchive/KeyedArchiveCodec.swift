import Foundation

/// The `keyed-archive` format: NSKeyedArchiver archives, BaseModel's default save format.
/// Extension `plist`.
///
/// Reading takes archives made on Apple platforms (binary or XML) and turns them into typed
/// trees (see ``KeyedArchiveReader`` for the rules): Foundation classes become plain values,
/// other classes typed objects `{"$class": …}` with the module prefix removed from the class
/// name, and objects met again `{"$alias": …}`.
///
/// Writing makes a binary archive that NSKeyedUnarchiver reads, on Apple platforms and in Linux
/// Foundation (see ``KeyedArchiveWriter``): arrays as NSArray, dictionaries as NSDictionary,
/// dates as NSDate, typed objects as objects of their `$class`, and aliases as references to
/// one shared object.
package struct KeyedArchiveCodec: ModelCodec {
    /// Creates the codec.
    package init() {}

    /// ``ModelFormat/keyedArchive``.
    package var format: ModelFormat { .keyedArchive }
    /// `plist`.
    package var fileExtension: String { "plist" }
    /// Archives record class names and shared objects: models are written typed, with aliases.
    package var storesTypes: Bool { true }

    /// 80 when the bytes are a property list (binary or XML) whose root dictionary has
    /// `$archiver` = `NSKeyedArchiver`; `nil` otherwise.
    package func confidence(for data: Data) -> Int? {
        PropertyListDocument.summary(of: data)?.archiver == "NSKeyedArchiver" ? 80 : nil
    }

    /// Reads an archive into a typed tree.
    ///
    /// - Throws: ``ModelError`` with format `keyed-archive`: for bytes that are not a property
    ///   list, a missing or wrong `$archiver`, `$version`, `$objects` or `$top`, UIDs out of
    ///   range, objects without a class, values of the wrong kind, cycles through Foundation
    ///   collections, and nesting or expansion beyond the limits.
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            let archive = try PropertyListDocument.read(data, format: format.rawValue)
            return try KeyedArchiveReader.tree(from: archive, byteCount: data.count)
        }
    }

    /// Reads a model from a binary archive through an index of its object table instead of a
    /// tree (``KeyedArchiveIndex``): the model decoder reads the index's nodes with its one set of
    /// mapping rules, so the model, or the error and its path, is the one the tree gives.
    ///
    /// An archive the index leaves to the tree reader (XML, a cycle, NSURL, malformed bytes,
    /// limits; see ``KeyedArchiveIndex``), a model's archive of another ``Model/schemaVersion``
    /// (to be migrated, or refused), and a `ModelValue` asked for as such, is read as a tree
    /// instead. That choice is made before any model code runs, so
    /// `init(from:)`, `init()` and transformers run once.
    ///
    /// - Throws: ``ModelError`` as ``decodeTree(from:)``, and for a value that does not fit.
    package func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T {
        let decoder = context.decoder
        return try StackReserve.run { () throws(ModelError) -> T in
            guard type != ModelValue.self, let index = KeyedArchiveIndex.of(data), index.isAtSchemaVersion(of: type) else {
                return try decodeModelThroughTree(type, from: data, using: decoder)
            }
            return try TreeDecoder.decode(
                type, from: index, registry: forThisFormat(decoder).registry, identityMap: decoder.identityMap, format: format)
        }
    }

    /// Writes a model straight into the archive's object table (``KeyedArchiveModelWriter``),
    /// with `context`'s model types; a model the streaming writer leaves to the tree (a key
    /// written twice, an alias it cannot place, a value that is an error) is encoded again
    /// through the tree, which gives the same bytes or the error.
    ///
    /// - Throws: ``ModelError`` as ``encodeTree(_:)``, and when a value cannot be encoded.
    package func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data {
        let encoder = forThisFormat(context.encoder)
        return try StackReserve.run { () throws(ModelError) -> Data in
            let writer = KeyedArchiveModelWriter()
            try TreeEncoder.write(value, registry: encoder.registry, to: writer)
            if let data = writer.finish() { return data }
            return try KeyedArchiveWriter.data(from: encoder.encode(value))
        }
    }

    /// Writes a typed tree as a binary archive.
    ///
    /// - Throws: ``ModelError`` with format `keyed-archive` for a `$class` that is not a string
    ///   or an `$alias` that leads nowhere.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            try KeyedArchiveWriter.data(from: tree)
        }
    }
}
