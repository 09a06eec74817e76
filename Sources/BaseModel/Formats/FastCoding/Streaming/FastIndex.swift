import Foundation

/// Reads a FastCoding file into its graph, an ``InputIndex``, in one pass: the fast codec's one
/// reader, for models, for the tree users see and for converting.
///
/// Every chunk of FastCoding 3.3 is read, as the file says it:
///
/// - an alias is the node it names: a class instance, a container or a mutable string, data or
///   date met again is one node, and an alias to a mutable container or an object still being
///   read (they are cached before their children) is a cycle;
/// - the file's forms stay on the nodes (``GraphFlags``, ``GraphVariant``): mutable strings, data
///   and containers (tags 23–28, 41), 4-byte floats, sets and ordered sets, URLs (a string, its
///   absolute string), legacy dates, decimals (a number), geometry values (a dictionary, see
///   ``FastGeometry/keyNames``), index sets (an array of `{"location", "length"}` runs),
///   NSCoded objects (an object of their class, its keys in file order) and embedded keyed
///   archives (the archive's own graph, read once with ``KeyedArchiveCodec`` inside this
///   decode's limits);
/// - an object keeps every key of its class definition, a nil value as ``InputIndex/absent``.
///
/// Errors are ``ModelError``s with format `fast`, the byte offset and the path of the value
/// where it is known (a dictionary's or NSCoded object's value comes before its key, so an
/// error inside one carries the path of the dictionary): the checks of ``FastReader``, bytes
/// after the root value, a nil root, nil inside a collection, a dictionary key that is not a
/// string, a class definition not followed by an object, malformed URLs, NSCoded objects and
/// keyed archives, nesting deeper than ``DecodingLimits/maximumDepth``, and values beyond the
/// budget (see ``InputIndex/checkCopies(byteCount:format:)``). In safe mode every object tag is
/// refused.
enum FastIndex {
    /// The graph of `bytes`.
    ///
    /// - Parameter safe: Refuse nil chunks, class definitions, objects, NSCoded objects and
    ///   keyed archives (FastCoding's `propertyListWithData:`).
    /// - Throws: ``ModelError`` as described on the type.
    static func graph(of bytes: Data, safe: Bool = false) throws(ModelError) -> InputIndex {
        var builder = FastGraphBuilder(reader: try FastReader(data: bytes, safe: safe), byteCount: bytes.count)
        return try builder.build()
    }
}
