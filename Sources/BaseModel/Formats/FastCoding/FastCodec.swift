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
/// One reader and one writer (``GraphCodec``): a file is read into its graph (``FastIndex``),
/// which models are decoded from, the tree users see is made from (``decodeTree(from:)``, an
/// object met again as `{"$alias": …}`) and other formats are written from; models, trees and
/// graphs are written by ``FastModelWriter``.
///
/// Models are written through their keys, as BaseModel objects were (`preferFastCoding`): one
/// class definition per type, then one value per key; a class instance met again is an object
/// alias. Plain dictionaries and arrays are the immutable forms (tags 9 and 10). Strings are
/// stored once and aliased after; integers take the smallest width; 0 and 1 stay apart from
/// `false` and `true`; dates are seconds since 2001.
///
/// A file FastCoding wrote is kept whole: reading it and writing its graph back
/// (`basemodel convert --to fast`) gives the same bytes. Its shared containers, data, dates and
/// mutable strings stay one object (an object alias), cycles through mutable containers and
/// objects are kept, and so are mutable strings, data and containers, 4-byte floats, sets and
/// ordered sets, NSCoded objects (tag 43), decimals, geometry values, index sets, legacy dates
/// and an object's nil values (one class definition with a nil, as FastCoding wrote it).
/// Converted to another format, the graph keeps what that format can store. A cycle back into
/// an immutable container cannot be written (FastCoding caches those after their children)
/// and is an error naming the alias.
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
/// - **A URL** reads as its absolute string and is written back as a URL of that string
///   without a base: a URL FastCoding stored relative to a base comes back as the same URL but
///   not the same bytes.
/// - **A decimal number** reads as a number (an integer when whole, else the nearest double)
///   and is written back as the compact decimal of that number, not the original's 20 bytes.
/// - **An embedded keyed archive** (tag 47) is read once, inside this decode's limits, into the
///   graph, and written back as an archive of that value by ``KeyedArchiveCodec``, not the
///   original archive's bytes.
/// - **Dictionary keys** must be strings (the original took any object); a key met twice in one
///   dictionary keeps its first place and its last value.
/// - **FastCoding 2.x files are not read** (§5.7 of the reference makes 2.x support optional):
///   they are detected, and decoding them throws ``ModelError/Reason/unsupported(_:)``. 2.x was
///   superseded in 2014; BaseModel apps bundled 3.2.2, whose files (with the legacy date tag)
///   are read.
///
/// **Safe mode** (`FastCodec(safe: true)`, FastCoding's `propertyListWithData:`, public as
/// ``ModelValue/init(fastPlainValues:)``) reads plain
/// values only: a nil chunk, class definitions, objects, NSCoded objects and keyed archives are
/// errors. Use it for files from untrusted sources. In every mode malformed input is a
/// ``ModelError`` with format `fast` and a byte offset, never a crash, and shared values that
/// would expand past ``DecodingLimits/maximumValues`` where copied are refused
/// (``InputIndex/checkCopies(byteCount:format:)``).
///
/// Pick `fast` for large models and frequent saves: it is the smallest and quickest format the
/// library writes that keeps types and shared instances.
struct FastCodec: GraphCodec {
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

    /// Reads a file into its graph (``FastIndex``): every chunk of FastCoding 3.3, its aliases
    /// as shared nodes and cycles, its forms on the nodes.
    ///
    /// - Throws: ``ModelError`` with format `fast`, the byte offset and, where known, the path:
    ///   an empty, truncated or 2.x file, a wrong magic, an unknown tag, an alias or class index
    ///   out of range, a count larger than the data, invalid UTF-8, nesting deeper than
    ///   ``DecodingLimits/maximumDepth``, a non-string dictionary key, nil inside a collection,
    ///   shared values expanding past the budget, and in safe mode any object tag.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try FastIndex.graph(of: data, safe: safe)
    }

    /// A ``FastModelWriter``.
    func makeWriter() -> any DocumentWriter { FastModelWriter() }
}
