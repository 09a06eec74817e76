import Foundation

extension FormatCodec {
    /// `data`, a typed document in this format (see ``TypedTree``), read into a graph: for a
    /// codec that holds another format's bytes inside its own, as the crypto target's envelope
    /// does. A codec with a graph that stores types gives its own (shared objects and
    /// containers, cycles, class names, mutable and number forms, as the file has them); any
    /// other gives the graph of its typed tree, where a dictionary with `$class` is an object and
    /// `{"$alias": path}` the node at that place (a plain format such as JSON holds a typed
    /// document that way).
    ///
    /// - Throws: ``ModelError``: the codec's errors, and an alias that names no place.
    package func readTypedGraph(from data: Data) throws(ModelError) -> InputIndex {
        if storesTypes, let codec = self as? any GraphCodec { return try codec.readGraph(from: data) }
        return try InputIndex(typedTree: decodeTree(from: data))
    }

    /// A writer of one typed document in this format, the twin of ``readTypedGraph(from:)``: a
    /// codec with a graph that stores types gives its own writer (a graph's forms and sharing
    /// are written as the format stores them); any other gets a typed tree (`$class`, `$alias`),
    /// written with ``encodeTree(_:)`` when the document is finished.
    package func makeTypedDocumentWriter() -> any DocumentWriter {
        if storesTypes, let codec = self as? any GraphCodec { return codec.makeWriter() }
        return TypedTreeDocumentWriter { tree throws(ModelError) in try encodeTree(tree) }
    }
}
