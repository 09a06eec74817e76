import Foundation

extension FormatRegistry {
    /// The graph of `data`, in whatever format it is (or in `format`), with the codec that read
    /// it: the codec's own graph where it has one (``GraphCodec``), else its tree's
    /// (``InputIndex/init(typedTree:)``).
    ///
    /// - Throws: ``ModelError`` when the bytes are not a format of this registry or cannot be read.
    package func graph(of data: Data, format: ModelFormat? = nil) throws(ModelError) -> (codec: any FormatCodec, graph: InputIndex) {
        let codec: any FormatCodec
        if let format { codec = try self.codec(for: format) } else { codec = try detect(data) }
        return try StackReserve.run { () throws(ModelError) -> (codec: any FormatCodec, graph: InputIndex) in
            if let graphCodec = codec as? any GraphCodec { return (codec, try graphCodec.readGraph(from: data)) }
            return (codec, try InputIndex(typedTree: codec.decodeTree(from: data)))
        }
    }

    /// `data` with its graph changed by `edit`, written back in its own format (or in `format`):
    /// the file's graph, edited (``InputIndex/setting(_:at:)``, ``InputIndex/removing(at:)``), replayed into the
    /// format's writer, so every node the edit leaves alone keeps its sharing, class, key order
    /// and form; a FastCoding file that `edit` returns unchanged comes back byte for byte. A codec
    /// without a graph writes the edited graph's typed tree.
    ///
    /// - Throws: ``ModelError`` when the bytes cannot be read, from `edit`, or when the format
    ///   cannot store the edited graph (with the path).
    package func editing(
        _ data: Data, format: ModelFormat? = nil, edit: (InputIndex) throws(ModelError) -> InputIndex
    ) throws(ModelError) -> (format: ModelFormat, data: Data) {
        let (codec, graph) = try self.graph(of: data, format: format)
        return try StackReserve.run { () throws(ModelError) -> (format: ModelFormat, data: Data) in
            let edited = try edit(graph)
            guard let graphCodec = codec as? any GraphCodec else {
                return (codec.format, try codec.encodeTree(edited.typedTree()))
            }
            let writer = graphCodec.makeWriter()
            do throws(ModelError) {
                try edited.write(to: writer)
                return (codec.format, try writer.finish())
            } catch var error {
                if error.format == nil { error.format = codec.format }
                throw error
            }
        }
    }

    /// `graph` written in `format` by its codec's writer (sharing, classes and forms kept where
    /// the format stores them), pretty-printed when `prettyPrinted` and `format` is JSON.
    ///
    /// - Throws: ``ModelError`` when `format` has no codec, or cannot store a value (with its path).
    package func data(of graph: InputIndex, in format: ModelFormat, prettyPrinted: Bool = false) throws(ModelError) -> Data {
        let codec = try codec(for: format)
        return try StackReserve.run { () throws(ModelError) -> Data in
            guard let graphCodec = codec as? any GraphCodec else { return try codec.encodeTree(graph.typedTree()) }
            let writer: any DocumentWriter = format == .json && prettyPrinted ? JSONModelWriter(options: .prettyPrinted) : graphCodec.makeWriter()
            do throws(ModelError) {
                try graph.write(to: writer)
                return try writer.finish()
            } catch var error {
                if error.format == nil { error.format = format }
                throw error
            }
        }
    }
}
