import Foundation

/// Reads a binary NSKeyedArchiver archive into an ``InputIndex`` for the model decoder, straight
/// from the property list's object table: no ``PropertyListObject`` containers and no
/// ``ModelValue`` tree are built.
///
/// The index holds what the tree reader (``KeyedArchiveReader``) would make of the archive, with
/// the same rules: `$null` and NSNull are null, NSString a string, NSDate a date, NSData data,
/// NSUUID its uppercase string, NSArray, NSSet, NSOrderedSet and their mutable kinds (with
/// `NS.objects`) arrays, NSDictionary and NSMutableDictionary dictionaries (number keys as their
/// decimal text), and every other class an object of its class (the type name without the module
/// prefix) with its keys in archive order. Strings, numbers, dates and data objects met again are
/// the same node; so is a typed object met again (where the tree holds an `$alias` to its first
/// place), as in the fast format's index: the decoder gives a shared class instance back as one
/// instance and decodes a struct again, as it does for an alias. (Only a `ModelValue` property
/// that holds such an object differs: it gets the object's values, not the alias.) Foundation
/// collections met again are read again, as the tree reader copies them.
///
/// Anything else is left to the tree reader: XML archives; bytes the binary reader would refuse
/// or containers the property list shares; an archive that does not read as a tree (missing
/// keys, wrong kinds, UIDs out of range, nesting or expansion past the ``DecodingLimits``); a
/// cycle (an object met again inside itself); a shared object in an archive with a key that
/// holds `.` or is `$root` (the tree's alias would name another place); shared objects whose
/// copies hold more values than the model decoder's copy budget always allows (4,096), where
/// the tree path's budget decides; NSURL, NSOrderedSet with one key per element,
/// unsigned integers above `Int64.max`; `$top` without `root` and with several keys; keys
/// `$class` or `$alias` in a plain dictionary or `$alias` in an object; and a key repeated in one
/// object or dictionary. ``of(_:)`` then returns `nil`, and the codec reads the tree, before any
/// model code runs; so whatever the index holds, the tree path would have read to the same values.
enum KeyedArchiveIndex {
    /// Why an archive is left to the tree reader (for tests and profiling; never shown to users).
    struct Fallback: Error, CustomStringConvertible {
        let description: String
    }

    /// The index of the binary archive `data`, or `nil` when the tree reader must read it.
    static func of(_ data: Data) -> InputIndex? {
        try? index(of: data)
    }

    /// Indexes the binary archive `data`.
    ///
    /// - Throws: ``Fallback`` naming what makes the tree reader read the archive instead.
    static func index(of data: Data) throws(Fallback) -> InputIndex {
        guard data.starts(with: BinaryPropertyListLayout.magic.prefix(6)) else { throw Fallback(description: "not a binary property list") }
        let table: BinaryPropertyListTable
        do {
            let layout = try BinaryPropertyListLayout(bytes: [UInt8](data), format: ModelFormat.keyedArchive.rawValue)
            table = try BinaryPropertyListTable(layout: layout, maximumDepth: DecodingLimits.current.maximumDepth)
        } catch {
            throw Fallback(description: "the property list does not read as a tree")
        }
        var builder = KeyedArchiveIndexBuilder(table: table, byteCount: data.count)
        return try builder.build()
    }
}
