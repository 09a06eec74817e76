@testable import BaseModel
import Foundation

/// A codec with a graph, for the persistence tests: JSON behind a `GJ` line, read into a graph
/// (its typed tree's, so `$class` dictionaries are objects) and written through a tree writer.
/// It counts how often it is asked for a graph and for a tree, so a test sees which path a read
/// took; a context's own registry holds it, since the shared one does not.
struct TaggedGraphCodec: GraphCodec {
    static let format = ModelFormat(rawValue: "tagged-graph")
    static let tag = Data("GJ\n".utf8)

    /// How often this codec was asked for a graph and for a tree.
    let calls = Calls()

    var format: ModelFormat { Self.format }
    var fileExtension: String { "gj" }
    var storesTypes: Bool { true }

    func confidence(for data: Data) -> Int? { data.starts(with: Self.tag) ? 100 : nil }

    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        calls.count(\.graphs)
        return try graph(of: data)
    }

    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        calls.count(\.trees)
        return try graph(of: data).typedTree()
    }

    func makeWriter() -> any DocumentWriter { Writer() }

    /// `tree` as this format's bytes, for files a test writes by hand.
    static func bytes(_ tree: ModelValue) throws -> Data {
        tag + (try JSONCodec().encodeTree(tree))
    }

    private func graph(of data: Data) throws(ModelError) -> InputIndex {
        guard data.starts(with: Self.tag) else { throw ModelError(.malformed("no GJ line"), format: format) }
        return try InputIndex(typedTree: JSONCodec().decodeTree(from: Data(data.dropFirst(Self.tag.count))))
    }

    /// The counts of one codec.
    final class Calls: Sendable {
        struct Counts {
            var graphs = 0
            var trees = 0
        }

        private let counts = Locked(Counts())

        var graphs: Int { counts.withLock { $0.graphs } }
        var trees: Int { counts.withLock { $0.trees } }

        func count(_ kind: WritableKeyPath<Counts, Int> & Sendable) {
            counts.withLock { $0[keyPath: kind] += 1 }
        }

        func reset() {
            counts.withLock { $0 = Counts() }
        }
    }

    /// A tree writer whose document is the tagged JSON of its tree.
    private final class Writer: DocumentWriter {
        let tree = TreeWriter()

        func finish() throws(ModelError) -> Data { TaggedGraphCodec.tag + (try JSONCodec().encodeTree(tree.result)) }

        var replacesDuplicateKeys: Bool { tree.replacesDuplicateKeys }
        func writeNull() { tree.writeNull() }
        func writeBool(_ value: Bool) { tree.writeBool(value) }
        func writeInteger(_ value: Int64) { tree.writeInteger(value) }
        func writeUnsigned(_ value: UInt64) { tree.writeUnsigned(value) }
        func writeDouble(_ value: Double) { tree.writeDouble(value) }
        func writeString(_ value: String) { tree.writeString(value) }
        func writeData(_ value: Data) { tree.writeData(value) }
        func writeDate(_ value: Date) { tree.writeDate(value) }
        func writeTree(_ value: ModelValue) { tree.writeTree(value) }
        func beginArray(count: Int?) { tree.beginArray(count: count) }
        func endArray() { tree.endArray() }
        func beginDictionary(count: Int?) { tree.beginDictionary(count: count) }
        func beginObject(className: String) { tree.beginObject(className: className) }
        func writeKey(_ key: String) { tree.writeKey(key) }
        func endDictionary() { tree.endDictionary() }
        func beginShared(_ object: SharedObject) { tree.beginShared(object) }
        func endShared(_ object: SharedObject) { tree.endShared(object) }
        func writeAlias(to object: SharedObject) { tree.writeAlias(to: object) }
        func mark() -> WriterMark { tree.mark() }
        func rewind(to mark: WriterMark) { tree.rewind(to: mark) }
        func takeBack(since mark: WriterMark) -> EncodingNode.Content { tree.takeBack(since: mark) }
        func writeRecorded(_ recording: any WriterRecording) { tree.writeRecorded(recording) }
    }
}
