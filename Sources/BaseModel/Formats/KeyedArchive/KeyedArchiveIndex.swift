import Foundation

/// The keyed archive's reader: an NSKeyedArchiver archive, binary or XML, read into the graph
/// (``InputIndex``) that the model decoder, the typed tree and conversions read.
///
/// The archive is checked first: `$archiver` must be `NSKeyedArchiver`, `$version` 100000,
/// `$objects` an array and `$top` a dictionary of UIDs. The graph's root is `$top`'s `root`
/// object; an archive without `root` gives its only top-level object, or, when it has several
/// (archives made with `encode(_:forKey:)` per value: `$0`, `$1` …), a dictionary of all of
/// them by key.
///
/// Each entry of `$objects` is one node, however often it is referred to: an object met twice
/// is one shared node, and an object among its own contents (an NSMutableArray that holds
/// itself) a cycle. Objects become nodes:
/// - strings, numbers, booleans, dates and data stored inline stand for themselves; `$null`
///   and NSNull are null;
/// - Foundation's classes become the graph's kinds (``KeyedArchiveFoundationClass``): strings,
///   arrays (sets and ordered sets with their ``GraphVariant``), dictionaries (number keys as
///   their decimal text), dates, data, URLs (variant `.url`) and UUIDs as strings, with
///   ``GraphFlags/mutable`` for the mutable classes;
/// - every other class is an object of its class, the type name without the Swift module
///   prefix (``KeyedArchiveClassName``), with its keys in archive order. A key that repeats in an
///   object or dictionary keeps its first place and its last value.
///
/// Errors are ``ModelError``s with format `keyed-archive` and the path in the archive's values
/// (or in its own keys, for the archive's structure): bytes that are not a property list, a
/// missing or wrong `$archiver`, `$version`, `$objects` or `$top`, UIDs out of range, objects
/// without a class, Foundation objects without the keys of their class or with values of the
/// wrong kind, nesting deeper than ``DecodingLimits/maximumDepth``, and more values or string
/// bytes than the ``DecodingLimits`` allow, counting the copies of shared Foundation objects a
/// tree of values would make.
///
/// Complexity: O(n) in the archive's objects and references.
enum KeyedArchiveIndex {
    static let format = ModelFormat.keyedArchive.rawValue

    /// Reads the archive `data` into a graph.
    ///
    /// - Throws: ``ModelError`` with format `keyed-archive` for an archive that is not valid.
    static func read(_ data: Data) throws(ModelError) -> InputIndex {
        let table = try objectTable(of: data)
        var builder = KeyedArchiveIndexBuilder(table: table, byteCount: data.count, followsPaths: false)
        let failure: KeyedArchiveIndexBuilder.Failure
        do throws(KeyedArchiveIndexBuilder.Failure) {
            return try builder.build()
        } catch {
            guard !error.located else { throw error.error }
            failure = error
        }
        // A second pass, following paths, locates the error.
        var locating = KeyedArchiveIndexBuilder(table: table, byteCount: data.count, followsPaths: true)
        do throws(KeyedArchiveIndexBuilder.Failure) {
            _ = try locating.build()
        } catch {
            throw error.error
        }
        throw failure.error
    }

    /// The objects of `data`'s property list. A binary list is read straight into the table; an
    /// XML list, or a binary one the table does not take (one whose containers are shared, as
    /// GNUstep's archiver writes equal ones, or a malformed one), is read into a graph, which
    /// gives its error, and its objects are taken from that graph written as a binary list
    /// without shared containers.
    private static func objectTable(of data: Data) throws(ModelError) -> BinaryPropertyListTable {
        let maximumDepth = DecodingLimits.current.maximumDepth
        if data.starts(with: BinaryPropertyListLayout.magic.prefix(6)),
            let layout = try? BinaryPropertyListLayout(bytes: [UInt8](data), format: format),
            let table = try? BinaryPropertyListTable(layout: layout, maximumDepth: maximumDepth)
        {
            return table
        }
        let document = try PropertyListDocument.readGraph(data, format: format)
        do {
            let writer = BinaryPropertyListCodec().makeWriter()
            // The table takes no container referenced twice (GNUstep's writer shares equal
            // ones, an empty array say): each is written again where it is met.
            try document.write(to: writer, copyingShared: true)
            let layout = try BinaryPropertyListLayout(bytes: [UInt8](writer.finish()), format: format)
            return try BinaryPropertyListTable(layout: layout, maximumDepth: maximumDepth)
        } catch {
            throw ModelError(.malformed("the property list does not read as an object table"), format: format)
        }
    }
}
