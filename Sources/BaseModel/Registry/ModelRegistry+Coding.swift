extension ModelRegistry {
    /// The model types of the model being decoded or encoded (``FormatCodec/decodeModel(_:from:using:)``,
    /// ``FormatCodec/encodeModel(_:using:)``) when they are not ``shared``: the caller's context's
    /// types, for a codec that needs them outside the graph it reads or writes. The crypto formats
    /// find a file's password there (the `EncryptedModel` type its label names), so a type
    /// registered only in a context of one's own is found without a global lookup.
    @TaskLocal package static var inUse: ModelRegistry?

    /// `body`, with ``inUse`` set to `registry` when it is one and not ``shared`` (the default
    /// lookup); a plain decoder or encoder has none.
    package static func using<T, E: Error>(_ registry: ModelRegistry?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let registry, registry !== shared, registry !== inUse else { return try body() }
        return try $inUse.withValue(registry) { Result { () throws(E) -> T in try body() } }.get()
    }
}
