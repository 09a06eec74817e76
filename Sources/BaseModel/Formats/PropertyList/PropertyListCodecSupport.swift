import Foundation

/// What the two property-list codecs share.
enum PropertyListCodecSupport {
    /// The confidence for a property list: 60 for a plain one, 40 for an archive or typed tree.
    static func confidence(for data: Data) -> Int {
        guard let summary = PropertyListDocument.summary(of: data) else { return 60 }
        return summary.hasArchiverKey || summary.hasClassKey ? 40 : 60
    }

    /// Reads either form into a graph; errors name the form that was read, or `codecFormat` for
    /// bytes of neither form.
    static func readGraph(_ data: Data, codecFormat: ModelFormat) throws(ModelError) -> InputIndex {
        try PropertyListDocument.readGraph(data, format: PropertyListDocument.kind(of: data)?.formatName ?? codecFormat.rawValue)
    }

    /// The graph's typed tree (a shared container is `{"$alias": path}` where it is met again).
    static func decodeTree(_ data: Data, codecFormat: ModelFormat) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            do throws(ModelError) {
                return try readGraph(data, codecFormat: codecFormat).typedTree()
            } catch var error {
                if error.format == nil { error.format = codecFormat }
                throw error
            }
        }
    }

    /// `tree` written by `writer`.
    static func encodeTree(_ tree: ModelValue, with writer: any DocumentWriter) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            writer.writeTree(tree)
            return try writer.finish()
        }
    }
}
