import Foundation

/// The `keyed-archive` format: NSKeyedArchiver archives, BaseModel's default save format.
/// Extension `plist`.
///
/// One reader and one writer (``GraphCodec``). Reading takes archives made on Apple platforms
/// and by GNUstep (binary or XML) into a graph (``KeyedArchiveIndex``): Foundation classes
/// become plain values (with their mutable, set and URL forms), other classes objects of their
/// class with the module prefix removed from the class name, and an object met twice, a
/// Foundation collection too, is one node, also inside itself (a cycle). Models are decoded
/// from that graph; the typed tree users see names an object met again `{"$alias": …}`.
///
/// Writing (``KeyedArchiveModelWriter``) makes a binary archive that NSKeyedUnarchiver reads, on
/// Apple platforms and in Linux Foundation: arrays as NSArray, dictionaries as NSDictionary,
/// dates as NSDate, null as NSNull, objects as objects of their class, and a value met again,
/// a container too, as a reference to one archived object; a graph read from an archive keeps
/// its mutable classes, sets, ordered sets and URLs.
package struct KeyedArchiveCodec: GraphCodec {
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

    /// Reads an archive into its graph.
    ///
    /// - Throws: ``ModelError`` with format `keyed-archive`: for bytes that are not a property
    ///   list, a missing or wrong `$archiver`, `$version`, `$objects` or `$top`, UIDs out of
    ///   range, objects without a class, values of the wrong kind, and nesting or expansion
    ///   beyond the ``DecodingLimits``.
    package func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try KeyedArchiveIndex.read(data)
    }

    /// A writer of one archive.
    package func makeWriter() -> any DocumentWriter { KeyedArchiveModelWriter() }
}
