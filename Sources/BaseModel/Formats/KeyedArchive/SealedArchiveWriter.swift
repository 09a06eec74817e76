import Foundation

/// The writer of a format whose file is a keyed archive sealed in a document of its own
/// (CryptoCoding's `CryptoArchive`, whose cypher is the encrypted archive): every call goes to a
/// keyed archive's writer (``KeyedArchiveModelWriter``), so sharing, cycles and a graph's forms
/// are kept as in a plain archive, and ``finish()`` hands the archive's bytes, with the class
/// name of its root, to the seal.
///
/// The root's class name is the one the archive gives it: an object's class, or the Foundation
/// class of a plain root (`NSArray`, or `NSMutableArray` for a graph's mutable array;
/// `NSDictionary`, `NSString`, `NSNumber` …), as `NSStringFromClass([root class])` names it.
package final class SealedArchiveWriter: DocumentWriter {
    /// Seals an archive's bytes, given the class name of its root.
    package typealias Seal = (_ archive: Data, _ rootClassName: String) throws(ModelError) -> Data

    private let archive = KeyedArchiveModelWriter()
    private let seal: Seal
    /// The root's class name, from the first value written.
    @exclusivity(unchecked) private var rootClassName: String?
    /// The form given to the root before it was written (``setStyle(_:_:)``).
    @exclusivity(unchecked) private var rootStyle: (flags: GraphFlags, variant: GraphVariant) = ([], .plain)

    /// A writer whose archive `seal` seals.
    package init(seal: @escaping Seal) {
        self.seal = seal
    }

    /// The sealed archive.
    ///
    /// - Throws: ``ModelError``: the archive writer's errors, then the seal's.
    package func finish() throws(ModelError) -> Data {
        try seal(archive.finish(), rootClassName ?? "NSNull")
    }

    /// Names the root, when `plain` (or `mutable`, for a root of that form) is the first value.
    private func root(_ plain: String, mutable: String? = nil) {
        guard rootClassName == nil else { return }
        rootClassName = rootStyle.flags.contains(.mutable) ? mutable ?? plain : plain
    }

    /// The Foundation class a tree's value is archived as, or its `$class`.
    private static func className(of tree: ModelValue) -> String {
        if case .string(let name)? = tree[TypedTree.classKey] { return name }
        switch tree {
        case .dictionary: return "NSDictionary"
        case .array: return "NSArray"
        case .string: return "NSString"
        case .data: return "NSData"
        case .date: return "NSDate"
        case .null: return "NSNull"
        default: return "NSNumber"
        }
    }

    // MARK: Values, to the archive

    package var replacesDuplicateKeys: Bool { archive.replacesDuplicateKeys }

    package func writeNull() {
        root("NSNull")
        archive.writeNull()
    }

    package func writeBool(_ value: Bool) {
        root("NSNumber")
        archive.writeBool(value)
    }

    package func writeInteger(_ value: Int64) {
        root("NSNumber")
        archive.writeInteger(value)
    }

    package func writeUnsigned(_ value: UInt64) {
        root("NSNumber")
        archive.writeUnsigned(value)
    }

    package func writeDouble(_ value: Double) {
        root("NSNumber")
        archive.writeDouble(value)
    }

    package func writeString(_ value: String) {
        if rootStyle.variant == .url { root("NSURL") } else { root("NSString", mutable: "NSMutableString") }
        archive.writeString(value)
    }

    package func writeData(_ value: Data) {
        root("NSData", mutable: "NSMutableData")
        archive.writeData(value)
    }

    package func writeDate(_ value: Date) {
        root("NSDate")
        archive.writeDate(value)
    }

    package func writeTree(_ value: ModelValue) {
        root(Self.className(of: value))
        archive.writeTree(value)
    }

    package func beginArray(count: Int?) {
        switch rootStyle.variant {
        case .set: root("NSSet", mutable: "NSMutableSet")
        case .orderedSet: root("NSOrderedSet", mutable: "NSMutableOrderedSet")
        default: root("NSArray", mutable: "NSMutableArray")
        }
        archive.beginArray(count: count)
    }

    package func endArray() { archive.endArray() }

    package func beginDictionary(count: Int?) {
        root("NSDictionary", mutable: "NSMutableDictionary")
        archive.beginDictionary(count: count)
    }

    package func beginObject(className: String) {
        root(className)
        archive.beginObject(className: className)
    }

    package func writeKey(_ key: String) { archive.writeKey(key) }

    package var numbersKeys: Bool { archive.numbersKeys }

    package func number(ofKey key: String) -> Int32? { archive.number(ofKey: key) }

    package func writeKey(number: Int32) { archive.writeKey(number: number) }

    package func endDictionary() { archive.endDictionary() }

    package func beginShared(_ object: SharedObject) { archive.beginShared(object) }

    package func endShared(_ object: SharedObject) { archive.endShared(object) }

    package func writeAlias(to object: SharedObject) { archive.writeAlias(to: object) }

    package func mark() -> WriterMark { archive.mark() }

    package func rewind(to mark: WriterMark) { archive.rewind(to: mark) }

    package func takeBack(since mark: WriterMark) -> EncodingNode.Content { archive.takeBack(since: mark) }

    package func writeRecorded(_ recording: any WriterRecording) { archive.writeRecorded(recording) }

    package func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) {
        if rootClassName == nil { rootStyle = (flags, variant) }
        archive.setStyle(flags, variant)
    }

    package var keepsAbsentValues: Bool { archive.keepsAbsentValues }

    package func writeAbsent() { archive.writeAbsent() }

    package var sharesValues: Bool { archive.sharesValues }
}
