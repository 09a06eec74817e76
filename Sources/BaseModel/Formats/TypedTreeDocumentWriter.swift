import Foundation

/// A document writer that builds a typed tree (``TreeWriter``: an object is a dictionary with
/// `$class`, an instance met again `{"$alias": path}`) and hands it, once the value is written,
/// to a function that makes the document's bytes: a codec's ``FormatCodec/encodeTree(_:)``, or a
/// refusal that says why no document can be made.
///
/// A dictionary or object key `$class` or `$alias` (a plain dictionary of a graph read from a
/// JSON file, say) is refused: the document would read that dictionary back as an object or an
/// alias.
package final class TypedTreeDocumentWriter: DocumentWriter {
    /// Makes the document's bytes from the finished tree.
    package typealias Finish = (ModelValue) throws(ModelError) -> Data

    private let tree = TreeWriter()
    private let makeDocument: Finish
    /// The first key met that a typed tree reserves.
    @exclusivity(unchecked) private var reservedKey: ModelError?

    /// A writer whose tree `finish` turns into bytes.
    package init(finish: @escaping Finish) {
        makeDocument = finish
    }

    /// The document: `finish` applied to the tree written.
    ///
    /// - Throws: ``ModelError``: a key `$class` or `$alias` written with ``writeKey(_:)``, with its
    ///   path; then `finish`'s errors.
    package func finish() throws(ModelError) -> Data {
        if let reservedKey { throw reservedKey }
        return try makeDocument(tree.result)
    }

    package var replacesDuplicateKeys: Bool { tree.replacesDuplicateKeys }
    package func writeNull() { tree.writeNull() }
    package func writeBool(_ value: Bool) { tree.writeBool(value) }
    package func writeInteger(_ value: Int64) { tree.writeInteger(value) }
    package func writeUnsigned(_ value: UInt64) { tree.writeUnsigned(value) }
    package func writeDouble(_ value: Double) { tree.writeDouble(value) }
    package func writeString(_ value: String) { tree.writeString(value) }
    package func writeData(_ value: Data) { tree.writeData(value) }
    package func writeDate(_ value: Date) { tree.writeDate(value) }
    package func writeTree(_ value: ModelValue) { tree.writeTree(value) }
    package func beginArray(count: Int?) { tree.beginArray(count: count) }
    package func endArray() { tree.endArray() }
    package func beginDictionary(count: Int?) { tree.beginDictionary(count: count) }
    package func beginObject(className: String) { tree.beginObject(className: className) }
    package func writeKey(_ key: String) {
        if key == TypedTree.classKey || key == TypedTree.aliasKey, reservedKey == nil {
            reservedKey = ModelError(TypedTree.reservedKeyReason(key), path: tree.currentPath.appending(.key(key)))
        }
        tree.writeKey(key)
    }
    package func endDictionary() { tree.endDictionary() }
    package func beginShared(_ object: SharedObject) { tree.beginShared(object) }
    package func endShared(_ object: SharedObject) { tree.endShared(object) }
    package func writeAlias(to object: SharedObject) { tree.writeAlias(to: object) }
    package func mark() -> WriterMark { tree.mark() }
    package func rewind(to mark: WriterMark) { tree.rewind(to: mark) }
    package func takeBack(since mark: WriterMark) -> EncodingNode.Content { tree.takeBack(since: mark) }
    package func writeRecorded(_ recording: any WriterRecording) { tree.writeRecorded(recording) }
    package var numbersKeys: Bool { tree.numbersKeys }
    package func number(ofKey key: String) -> Int32? { tree.number(ofKey: key) }
    package func writeKey(number: Int32) { tree.writeKey(number: number) }
    package func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) { tree.setStyle(flags, variant) }
    package var keepsAbsentValues: Bool { tree.keepsAbsentValues }
    package func writeAbsent() { tree.writeAbsent() }
    package var sharesValues: Bool { tree.sharesValues }
}
