/// The one-byte type tags of FastCoding 3.3, in file order: every chunk of a `fast` file starts
/// with one of them.
///
/// The numbering is the format's and never changes: `FastTag.dictionary.rawValue == 9`. A byte
/// that is not a case here is a malformed file.
enum FastTag: UInt8, Sendable, CaseIterable {
    /// No value: a nil property of an object, or the end of an NSCoded object's pairs.
    case `nil` = 0
    /// `NSNull`.
    case null = 1
    /// An index into the object cache, as one byte.
    case objectAlias8 = 2
    /// An index into the object cache, as an aligned `UInt16`.
    case objectAlias16 = 3
    /// An index into the object cache, as an aligned `UInt32`.
    case objectAlias32 = 4
    /// An index into the string cache, as one byte.
    case stringAlias8 = 5
    /// An index into the string cache, as an aligned `UInt16`.
    case stringAlias16 = 6
    /// An index into the string cache, as an aligned `UInt32`.
    case stringAlias32 = 7
    /// An immutable string: NUL-terminated UTF-8, added to the string cache.
    case string = 8
    /// An immutable dictionary: aligned `UInt32` count, then (value, key) pairs.
    case dictionary = 9
    /// An immutable array: aligned `UInt32` count, then the elements.
    case array = 10
    /// An immutable set, laid out as an array.
    case set = 11
    /// An immutable ordered set, laid out as an array.
    case orderedSet = 12
    /// The boolean `true`.
    case `true` = 13
    /// The boolean `false`.
    case `false` = 14
    /// A signed 8-bit integer.
    case int8 = 15
    /// An aligned signed 16-bit integer.
    case int16 = 16
    /// An aligned signed 32-bit integer.
    case int32 = 17
    /// An aligned signed 64-bit integer.
    case int64 = 18
    /// An aligned 32-bit float.
    case float32 = 19
    /// An aligned 64-bit float.
    case float64 = 20
    /// Immutable bytes: aligned `UInt32` length, the bytes, zeros up to a multiple of 4.
    case data = 21
    /// A date as an aligned `Float64` of seconds since 1970 (read only; FastCoding 3.2.2 and
    /// earlier wrote dates this way).
    case legacyDate = 22
    /// A mutable string: NUL-terminated UTF-8, added to the object cache.
    case mutableString = 23
    /// A mutable dictionary, laid out as ``dictionary``.
    case mutableDictionary = 24
    /// A mutable array, laid out as ``array``.
    case mutableArray = 25
    /// A mutable set, laid out as ``array``.
    case mutableSet = 26
    /// A mutable ordered set, laid out as ``array``.
    case mutableOrderedSet = 27
    /// Mutable bytes, laid out as ``data``.
    case mutableData = 28
    /// A class name and its key names, followed at once by the object that uses it.
    case classDefinition = 29
    /// An object whose class index is one byte, then one value per key of its class.
    case object8 = 30
    /// An object whose class index is an aligned `UInt16`.
    case object16 = 31
    /// An object whose class index is an aligned `UInt32`.
    case object32 = 32
    /// A URL: its relative string, then its base URL or ``nil``; added to the string cache.
    case url = 33
    /// A point: two aligned `Float64`.
    case point = 34
    /// A size: two aligned `Float64`.
    case size = 35
    /// A rectangle: four aligned `Float64`.
    case rect = 36
    /// A range: aligned `UInt32` location and length.
    case range = 37
    /// A vector: two aligned `Float64`.
    case vector = 38
    /// An affine transform: six aligned `Float64`.
    case affineTransform = 39
    /// A 3D transform: sixteen aligned `Float64`.
    case transform3D = 40
    /// A mutable index set: aligned `UInt32` range count, then (location, length) `UInt32` pairs.
    case mutableIndexSet = 41
    /// An immutable index set, laid out as ``mutableIndexSet``.
    case indexSet = 42
    /// An NSCoding object: its class name (a string chunk), (value, key) pairs, then ``nil``.
    case codedObject = 43
    /// An `NSDecimal`: 20 bytes, aligned to 20.
    case decimalNumber = 44
    /// The number 1 (not the boolean).
    case one = 45
    /// The number 0 (not the boolean).
    case zero = 46
    /// An object stored as an NSKeyedArchiver archive inside a ``data`` chunk.
    case keyedArchive = 47
    /// A date as an aligned `Float64` of seconds since 2001-01-01 (new in 3.3).
    case date = 48

    /// Whether ``FastReader`` in safe mode refuses this tag: the tags that make objects of
    /// named classes (``nil`` included, as in FastCoding's `propertyListWithData:`).
    var isUnsafe: Bool {
        switch self {
        case .nil, .classDefinition, .object8, .object16, .object32, .codedObject, .keyedArchive: true
        default: false
        }
    }
}
