import Foundation

/// A built-in codec with one reader and one writer: it reads its bytes into a graph (an
/// ``InputIndex``, whose nodes keep the file's identity, cycles, class names and forms, more than
/// the public ``ModelNode`` names) and writes through a ``ModelWriter``. Everything else is built
/// on those two:
///
/// - a model is decoded from the graph by the one decoder, and encoded by the one encoder into
///   the writer;
/// - the tree users see (``FormatCodec/decodeTree(from:)``) is the graph's
///   ``InputIndex/typedTree()``, and a tree is written with ``ModelWriter/writeTree(_:)``;
/// - converting a file replays its graph into another format's writer
///   (``InputIndex/write(to:)``), so sharing, cycles and forms carry over where the target has them.
package protocol GraphCodec: FormatCodec {
    /// Reads `data` into a graph.
    ///
    /// - Throws: ``ModelError`` with this format for malformed input, or past the
    ///   ``DecodingLimits``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex

    /// A writer for one document in this format.
    func makeWriter() -> any DocumentWriter
    /// The typed tree of `data` (default: the graph's ``InputIndex/typedTree()``).
    ///
    /// - Throws: ``ModelError`` (malformed, truncated, empty, or unsupported content).
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue
    /// A tree written by this format's writer (default: ``ModelWriter/writeTree(_:)``).
    ///
    /// - Throws: ``ModelError`` when the tree holds something the format cannot store.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data
}

/// A ``ModelWriter`` that makes one document: its bytes once the value is written.
package protocol DocumentWriter: ModelWriter {
    /// The document's bytes.
    ///
    /// - Throws: ``ModelError`` for a value the format cannot store (the first one met, with its
    ///   path), as the writer met it.
    func finish() throws(ModelError) -> Data
}

extension GraphCodec {
    /// The public graph of `data`: the reader's graph as ``ModelNode``s (``InputIndex/modelNodes()``).
    ///
    /// - Throws: ``ModelError`` with this format for malformed input.
    package func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] {
        try readIndex(from: data).modelNodes()
    }

    /// A ``ModelNode`` graph written by this format's writer, once checked.
    ///
    /// - Throws: ``ModelError`` for a graph that does not hold, or a value the format cannot store.
    package func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            try write(InputIndex(modelNodes: graph, byteCount: 0, format: format))
        }
    }

    /// The graph's typed tree (``InputIndex/typedTree()``). (Package, so that the package's own
    /// codecs, such as the keyed archive's, which other targets use, take it as they are.)
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try typedTree(of: data)
    }

    /// The tree written by this format's writer.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = makeWriter()
            writer.writeTree(tree)
            return try writer.finish()
        }
    }

    /// `data`'s graph written back by `target`'s writer: the file in another format (or its
    /// own), with every shared container and object, cycle and form the target can store.
    ///
    /// - Throws: ``ModelError`` when the bytes cannot be read, or the target cannot store a value.
    func convert(_ data: Data, to target: any GraphCodec) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let graph = try readGraph(from: data)
            let writer = target.makeWriter()
            try graph.write(to: writer)
            return try writer.finish()
        }
    }

    /// A model read from `data`'s graph by the one decoder, with this format's types (a format
    /// that stores types reads `$class` with `decoder`'s registry, or the shared one).
    ///
    /// A model's data of another ``Model/schemaVersion`` is read through its tree, which is
    /// migrated first (or refused when newer, ``Model/readable(_:)``); data at the model's
    /// version, and every other value, is decoded from the graph itself.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, or a value does not fit the type (with
    ///   its path).
    func decodeModelFromGraph<T: Decodable>(_ type: T.Type, from data: Data, using decoder: ModelDecoder) throws(ModelError) -> T {
        try StackReserve.run { () throws(ModelError) -> T in
            try decodeModel(type, from: readGraph(from: data), using: decoder)
        }
    }

    /// `value` written by the one encoder into this format's writer, with this format's types.
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded (with its path) or stored; the
    ///   encoder's own errors name this format too.
    func encodeModelToWriter<T: Encodable>(_ value: T, using encoder: ModelEncoder) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = makeWriter()
            do throws(ModelError) {
                try TreeEncoder.write(value, registry: forThisFormat(encoder).registry, to: writer)
            } catch var error {
                if error.format == .tree { error.format = format }
                throw error
            }
            return try writer.finish()
        }
    }
}

extension FormatRegistry {
    /// `data`, in whatever format it is, written in `format`: its graph handed from one codec to
    /// the other (sharing and cycles carry over where the target stores them; forms too between
    /// built-in codecs).
    /// `writing` is called between reading and writing (a progress line shows the phase).
    ///
    /// - Throws: ``ModelError`` when the bytes cannot be read, `format` has no codec, or it
    ///   cannot store a value.
    package func convert(_ data: Data, to format: ModelFormat, writing: () -> Void = {}) throws(ModelError) -> Data {
        let source = try detect(data)
        let target = try codec(for: format)
        return try StackReserve.run { () throws(ModelError) -> Data in
            let graph = try source.readIndex(from: data)
            writing()
            return try target.write(graph)
        }
    }
}
