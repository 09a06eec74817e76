import Foundation

extension FormatRegistry {
    /// The graph of `data`, in whatever format it is (or in `format`), with the codec that read
    /// it (``FormatCodec/readIndex(from:)``).
    ///
    /// - Throws: ``ModelError`` when the bytes are not a format of this registry or cannot be read.
    package func graph(of data: Data, format: ModelFormat? = nil) throws(ModelError) -> (codec: any FormatCodec, graph: InputIndex) {
        let codec: any FormatCodec
        if let format { codec = try self.codec(for: format) } else { codec = try detect(data) }
        return try StackReserve.run { () throws(ModelError) -> (codec: any FormatCodec, graph: InputIndex) in
            (codec, try codec.readIndex(from: data))
        }
    }

    /// `data` with its graph changed by `edit`, written back in its own format (or in `format`):
    /// the file's graph, edited (``InputIndex/setting(_:at:)``, ``InputIndex/removing(at:)``), replayed into the
    /// format's writer (``FormatCodec/write(_:)``), so every node the edit leaves alone keeps its
    /// sharing, class, key order and form; a FastCoding file that `edit` returns unchanged comes
    /// back byte for byte.
    ///
    /// - Throws: ``ModelError`` when the bytes cannot be read, from `edit`, or when the format
    ///   cannot store the edited graph (with the path).
    package func editing(
        _ data: Data, format: ModelFormat? = nil, edit: (InputIndex) throws(ModelError) -> InputIndex
    ) throws(ModelError) -> (format: ModelFormat, data: Data) {
        let (codec, graph) = try self.graph(of: data, format: format)
        return try StackReserve.run { () throws(ModelError) -> (format: ModelFormat, data: Data) in
            (codec.format, try codec.write(edit(graph)))
        }
    }

    /// `graph` written in `format` by its codec's writer (sharing, classes and forms kept where
    /// the format stores them), pretty-printed when `prettyPrinted` and `format` is JSON.
    ///
    /// - Throws: ``ModelError`` when `format` has no codec, or cannot store a value (with its path).
    package func data(of graph: InputIndex, in format: ModelFormat, prettyPrinted: Bool = false) throws(ModelError) -> Data {
        let codec = try codec(for: format)
        guard format == .json && prettyPrinted else { return try codec.write(graph) }
        return try StackReserve.run { () throws(ModelError) -> Data in
            let writer = JSONModelWriter(options: .prettyPrinted)
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
