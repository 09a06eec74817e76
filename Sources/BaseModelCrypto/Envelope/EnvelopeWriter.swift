import Foundation

/// The writer of the `encrypted` format: every call goes to the inner format's typed-document
/// writer (`FormatCodec.makeTypedDocumentWriter()`), so a model, a typed tree or a graph read
/// from a file is written inside the envelope as the inner format writes it (shared objects and
/// containers, cycles, mutable and number forms where it stores them), and ``finish()`` seals the
/// inner bytes, labelled with the root's class name.
///
/// The label is the class name of the root when the root is an object (a typed tree's `$class`),
/// as ``EnvelopeCodec`` labels a file; empty otherwise.
final class EnvelopeWriter: DocumentWriter {
    /// Seals the inner document's bytes, given the label.
    typealias Seal = (_ bytes: Data, _ label: String) throws(ModelError) -> Data

    private let inner: any DocumentWriter
    private let seal: Seal
    /// The root's label, from the first value written (`nil` before it).
    @exclusivity(unchecked) private var label: String?

    /// A writer that writes into `inner` and seals its document with `seal`.
    init(inner: any DocumentWriter, seal: @escaping Seal) {
        self.inner = inner
        self.seal = seal
    }

    /// The envelope.
    ///
    /// - Throws: ``ModelError``: the inner writer's errors, then the seal's.
    func finish() throws(ModelError) -> Data {
        try seal(inner.finish(), label ?? "")
    }

    /// Labels the root with `name` when this is the first value.
    @inline(__always)
    private func root(_ name: String = "") {
        if label == nil { label = name }
    }

    // MARK: Values, to the inner writer

    var replacesDuplicateKeys: Bool { inner.replacesDuplicateKeys }

    func writeNull() {
        root()
        inner.writeNull()
    }

    func writeBool(_ value: Bool) {
        root()
        inner.writeBool(value)
    }

    func writeInteger(_ value: Int64) {
        root()
        inner.writeInteger(value)
    }

    func writeUnsigned(_ value: UInt64) {
        root()
        inner.writeUnsigned(value)
    }

    func writeDouble(_ value: Double) {
        root()
        inner.writeDouble(value)
    }

    func writeString(_ value: String) {
        root()
        inner.writeString(value)
    }

    func writeData(_ value: Data) {
        root()
        inner.writeData(value)
    }

    func writeDate(_ value: Date) {
        root()
        inner.writeDate(value)
    }

    func writeTree(_ value: ModelValue) {
        if case .string(let name)? = value[TypedTree.classKey] { root(name) } else { root() }
        inner.writeTree(value)
    }

    func beginArray(count: Int?) {
        root()
        inner.beginArray(count: count)
    }

    func endArray() { inner.endArray() }

    func beginDictionary(count: Int?) {
        root()
        inner.beginDictionary(count: count)
    }

    func beginObject(className: String) {
        root(className)
        inner.beginObject(className: className)
    }

    func writeKey(_ key: String) { inner.writeKey(key) }

    var numbersKeys: Bool { inner.numbersKeys }

    func number(ofKey key: String) -> Int32? { inner.number(ofKey: key) }

    func writeKey(number: Int32) { inner.writeKey(number: number) }

    func endDictionary() { inner.endDictionary() }

    func beginShared(_ object: SharedObject) { inner.beginShared(object) }

    func endShared(_ object: SharedObject) { inner.endShared(object) }

    func writeAlias(to object: SharedObject) { inner.writeAlias(to: object) }

    func mark() -> WriterMark { inner.mark() }

    func rewind(to mark: WriterMark) { inner.rewind(to: mark) }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content { inner.takeBack(since: mark) }

    func writeRecorded(_ recording: any WriterRecording) { inner.writeRecorded(recording) }

    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) { inner.setStyle(flags, variant) }

    var keepsAbsentValues: Bool { inner.keepsAbsentValues }

    func writeAbsent() { inner.writeAbsent() }

    var sharesValues: Bool { inner.sharesValues }
}
