import Foundation

extension InputIndex {
    /// The graph of `data` read by `codec`: a graph codec's own graph, or the graph of the typed
    /// tree a tree codec (the crypto formats, a codec of one's own) reads, whose aliases make the
    /// sharing. For the command line's `diff`, which compares files of any two formats.
    ///
    /// - Throws: ``ModelError`` with the codec's format when the bytes cannot be read, or past
    ///   the ``DecodingLimits``.
    package static func graph(of data: Data, codec: any FormatCodec) throws(ModelError) -> InputIndex {
        try StackReserve.run { () throws(ModelError) -> InputIndex in
            do throws(ModelError) {
                if let codec = codec as? any GraphCodec { return try codec.readGraph(from: data) }
                return try InputIndex(typedTree: codec.decodeTree(from: data))
            } catch var error {
                if error.format == nil || error.format == .tree { error.format = codec.format }
                throw error
            }
        }
    }
}
