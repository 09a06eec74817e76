import Foundation

/// The `fast` format: FastCoding 3.3, the compact binary format of Nick Lockwood's FastCoding,
/// byte-compatible with the original in both directions. Extension `fast`.
///
/// ```swift
/// let codec = FastCodec()
/// let bytes = try codec.encodeTree(["$class": "TodoItem", "label": "Do washing", "checked": false])
/// try codec.decodeTree(from: bytes)     // the same tree
/// try FastCodec(safe: true).decodeTree(from: bytes)   // throws: safe mode reads no objects
/// ```
///
/// Models are written through their keys, as BaseModel objects were (`preferFastCoding`): one
/// class definition per type, then one value per key; a class instance met again is an object
/// alias. Plain dictionaries and arrays are the immutable forms (tags 9 and 10). Strings are
/// stored once and aliased after; integers take the smallest width; 0 and 1 stay apart from
/// `false` and `true`; dates are seconds since 2001.
///
/// Differences from the original, on purpose:
///
/// - **Unsigned 64-bit integers above `Int64.max`** are written as decimal numbers (tag 44)
///   holding the exact value; the original wrote no bytes for them and corrupted the file.
/// - **Geometry values (`NSValue`) are not cached** on write; the original cached them on
///   write but not on read, so every object alias after one pointed one entry off.
/// - **Affine transforms are aligned** on write as the original reader expects (its writer did
///   not align them).
/// - **Strings with a NUL character** are an error on write; the original cut them short.
/// - **Unknown classes** read as `{"$class": name, …}` and write back to the same bytes, except
///   that a nil property of the *first* object of a class is lost from the definition (the tree
///   has no nil, only missing keys).
/// - **FastCoding 2.x files are not read** (§5.7 of the reference makes 2.x support optional):
///   they are detected, and decoding them throws ``ModelError/Reason/unsupported(_:)``. 2.x was
///   superseded in 2014; BaseModel apps bundled 3.2.2, whose files (with the legacy date tag)
///   are read.
///
/// **Safe mode** (`FastCodec(safe: true)`, FastCoding's `propertyListWithData:`, public as
/// ``ModelValue/init(fastPlainValues:)``) reads plain
/// values only: a nil chunk, class definitions, objects, NSCoded objects and keyed archives are
/// errors. Use it for files from untrusted sources. In every mode malformed input is a
/// ``ModelError`` with format `fast` and a byte offset, never a crash.
///
/// Models skip the tree in both directions (``encodeModel(_:context:)`` and
/// ``decodeModel(_:from:context:)``), with the same bytes and the same models as this codec's tree
/// methods.
///
/// Pick `fast` for large models and frequent saves: it is the smallest and quickest format the
/// library writes that keeps types and shared instances.
struct FastCodec: ModelCodec {
    /// Whether objects of named classes are refused on read.
    let safe: Bool

    /// Creates the codec.
    ///
    /// - Parameter safe: Read plain values only (see the type's documentation).
    init(safe: Bool = false) {
        self.safe = safe
    }

    /// ``ModelFormat/fast``.
    var format: ModelFormat { .fast }
    /// `fast`.
    var fileExtension: String { "fast" }
    /// `true`: models are written as objects of their type name, shared instances as aliases.
    var storesTypes: Bool { true }

    /// 95 when the bytes start with the magic `54 53 41 46` and the major version is 2 or 3;
    /// `nil` otherwise.
    ///
    /// Complexity: O(1).
    func confidence(for data: Data) -> Int? {
        guard data.count >= 6, data.starts(with: FastHeader.magic) else { return nil }
        let start = data.startIndex
        let major = UInt16(data[start + 4]) | UInt16(data[start + 5]) << 8
        return major == 2 || major == 3 ? 95 : nil
    }

    /// Reads a file into a typed tree.
    ///
    /// - Throws: ``ModelError`` with format `fast`, the byte offset (for byte-level problems) or
    ///   the path (for tree-level ones): an empty, truncated or 2.x file, a wrong magic, an
    ///   unknown tag, an alias or class index out of range, a count larger than the data, invalid
    ///   UTF-8, nesting deeper than ``DecodingLimits/maximumDepth``, a non-string dictionary key, nil
    ///   inside a collection, aliases expanding past the budget, and in safe mode any object tag.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            let document = try FastObject(data: data, safe: safe)
            return try FastTreeReader.tree(from: document, byteCount: data.count)
        }
    }

    /// Writes a typed tree.
    ///
    /// - Throws: ``ModelError`` with format `fast` and the path: a `$class` that is not a
    ///   string, an `$alias` that leads nowhere or into an open plain container, a string with
    ///   a NUL character.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            try FastTreeWriter.data(from: tree)
        }
    }

    /// Reads a model from the bytes through an index of the file instead of a tree (except in
    /// safe mode): the model decoder reads the index's nodes with its one set of mapping rules,
    /// so the model, or the error and its path, is the one the tree gives.
    ///
    /// The index covers what model files hold (see `FastIndex`); a file holding anything else
    /// (URLs, geometry, NSCoded or keyed-archive chunks, decimals, aliases to containers,
    /// cycles), a malformed one, or one of another ``Model/schemaVersion`` than the model's (to be
    /// migrated, or refused) is read as a tree instead. That choice is made before any model
    /// code runs, so `init(from:)`, `init()` and transformers run once.
    ///
    /// - Throws: ``ModelError`` as ``decodeTree(from:)``, and for a value that does not fit.
    func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, context: ModelContext) throws(ModelError) -> T {
        let decoder = context.decoder
        return try StackReserve.run { () throws(ModelError) -> T in
            guard !safe, let index = FastIndex.ofModelFile(data), index.isAtSchemaVersion(of: type) else {
                return try decodeModelThroughTree(type, from: data, using: decoder)
            }
            return try decodeModel(type, from: index, using: decoder)
        }
    }

    /// Reads a model from an index of its file.
    ///
    /// - Throws: ``ModelError`` for a value that does not fit, with its path.
    func decodeModel<T: Decodable>(_ type: T.Type, from index: InputIndex, using decoder: ModelDecoder) throws(ModelError) -> T {
        try TreeDecoder.decode(
            type, from: index, registry: forThisFormat(decoder).registry, identityMap: decoder.identityMap, format: format)
    }

    /// Writes a model without the intermediate tree: the one encoder writes to a
    /// ``FastModelWriter``, which writes the tree path's bytes.
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded (with its path), or stored (as
    ///   ``encodeTree(_:)``).
    func encodeModel<T: Encodable>(_ value: T, context: ModelContext) throws(ModelError) -> Data {
        let encoder = context.encoder
        return try StackReserve.run { () throws(ModelError) -> Data in
            let writer = FastModelWriter()
            try TreeEncoder.write(value, registry: forThisFormat(encoder).registry, to: writer)
            return try writer.finish()
        }
    }
}
