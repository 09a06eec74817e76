import Foundation

/// A FastCoding file as a document: one value per chunk, keeping everything the format can say
/// (mutable versus immutable, sets, URLs, index sets, geometry values, NSCoded objects, embedded
/// keyed archives, ``nilValue`` versus ``null``), so that reading a file and writing the document
/// again gives the same bytes.
///
/// Shared nodes keep their identity through ``alias(_:)``: an index into the object cache, as in
/// the file. The cache slots are numbered as FastCoding numbers them (see ``FastWriter``), so a
/// document read from a file aliases the same slots when written back, cycles included.
///
/// ```swift
/// let document = try FastObject(data: bytes)   // read
/// try document.data() == bytes                  // true for files FastCoding 3.3 wrote
/// ```
///
/// Repeated immutable strings and URLs are not aliases here: the writer deduplicates them by
/// value, as the original did.
///
/// Not `indirect`: the recursive cases hold arrays, which are references already, so a scalar
/// node (a double of a coordinate list) costs no allocation of its own.
enum FastObject: Sendable, Hashable {
    /// ``FastTag/nil``: an absent property value.
    case nilValue
    /// `NSNull`.
    case null
    /// A boolean (``FastTag/true`` / ``FastTag/false``).
    case bool(Bool)
    /// An integer; written in the smallest width, 0 and 1 as ``FastTag/zero`` / ``FastTag/one``.
    case integer(Int64)
    /// A 32-bit float.
    case float32(Float)
    /// A 64-bit float.
    case float64(Double)
    /// An `NSDecimalNumber`.
    case decimal(FastDecimal)
    /// An immutable string (deduplicated by value).
    case string(String)
    /// A mutable string (an object of its own).
    case mutableString(String)
    /// Bytes, mutable or not.
    case data(Data, mutable: Bool)
    /// A date (``FastTag/date``), in seconds since 2001-01-01 as stored.
    case date(sinceReferenceDate: Double)
    /// A date of the legacy tag (``FastTag/legacyDate``), in seconds since 1970 as stored.
    case legacyDate(since1970: Double)
    /// An array, set or ordered set, mutable or not.
    case list([FastObject], kind: ListKind, mutable: Bool)
    /// A dictionary, mutable or not: (key, value) entries in file order. Keys may be any value.
    case dictionary([Entry], mutable: Bool)
    /// An object of a named class: the keys of its class definition and one value per key
    /// (``nilValue`` for a nil property).
    case object(className: String, keys: [String], values: [FastObject])
    /// The object-cache entry with this index: a value met before, or an ancestor (a cycle).
    case alias(Int)
    /// A URL.
    case url(FastURL)
    /// A point, size, rect, range, vector or transform.
    case geometry(FastGeometry)
    /// An index set, mutable or not.
    case indexSet([FastIndexRange], mutable: Bool)
    /// An object written through NSCoding: its class name and (key, value) entries.
    case codedObject(className: String, entries: [Entry])
    /// An object stored as an NSKeyedArchiver archive.
    case keyedArchive(Data)

    /// Which list a ``list(_:kind:mutable:)`` is.
    enum ListKind: Sendable, Hashable {
        /// `NSArray`.
        case array
        /// `NSSet` (file order kept).
        case set
        /// `NSOrderedSet`.
        case orderedSet
    }

    /// A dictionary or NSCoded entry.
    struct Entry: Sendable, Hashable {
        /// The key (a string in NSCoded objects and in trees; any value in a dictionary).
        var key: FastObject
        /// The value.
        var value: FastObject

        /// Creates an entry.
        init(key: FastObject, value: FastObject) {
            self.key = key
            self.value = value
        }
    }

    /// The deepest nesting the document reader and the tree writer accept: the current
    /// ``DecodingLimits/maximumDepth``.
    static var maximumDepth: Int { DecodingLimits.current.maximumDepth }
}
