import Foundation

extension Model {
    /// Loads a model from a file in any format the library reads, chosen by the file's bytes,
    /// never by its extension (BaseModel's `initWithContentsOfFile:`).
    ///
    /// ```swift
    /// let list = try TodoList(contentsOf: url)
    /// ```
    ///
    /// - Throws: ``ModelError``: the file cannot be read, is empty, is in no known format, or
    ///   does not fit the type (with the path of the value).
    public init(contentsOf url: URL, formats: FormatRegistry = .shared, registry: ModelRegistry = .shared) throws(ModelError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ModelError(.unsupported("cannot read \(url.path): \(error.localizedDescription)"))
        }
        try self.init(data: data, formats: formats, registry: registry)
    }

    /// Builds a model from file bytes in any format the library reads, detected by content.
    ///
    /// The built-in `fast` codec reads the model straight from the bytes (the streaming fast
    /// decoder), without the intermediate tree; the model is the same.
    ///
    /// - Throws: ``ModelError`` as ``init(contentsOf:formats:registry:)``.
    public init(data: Data, formats: FormatRegistry = .shared, registry: ModelRegistry = .shared) throws(ModelError) {
        let codec = try formats.detect(data)
        if let fast = codec as? FastCodec, !fast.safe {
            self = try FastStreamingDecoder.decode(Self.self, from: data, registry: registry)
            return
        }
        let tree = try codec.decodeTree(from: data)
        self = try ModelDecoder(registry: codec.storesTypes ? registry : nil).decode(Self.self, from: tree)
    }

    /// The model's bytes in `format`; formats that store types write `$class` and `$alias`.
    ///
    /// The built-in `fast` codec streams the model straight to bytes (the streaming fast encoder),
    /// without the intermediate tree; the bytes are the same.
    ///
    /// - Throws: ``ModelError`` when the format has no codec or cannot store a value.
    public func data(format: ModelFormat, formats: FormatRegistry = .shared, registry: ModelRegistry = .shared) throws(ModelError) -> Data {
        let codec = try formats.codec(for: format)
        if let fast = codec as? FastCodec, !fast.safe {
            return try FastStreamingEncoder.data(self, registry: registry)
        }
        let tree = try ModelEncoder(registry: codec.storesTypes ? registry : nil).encode(self)
        return try codec.encodeTree(tree)
    }

    /// Writes the model to a file in `format` (BaseModel's `writeToFile:format:atomically:`).
    ///
    /// A relative `path` goes to ``ModelLocations/applicationSupport``, whose folder is created
    /// when missing. An atomic write goes to a temporary file first and is renamed over the
    /// target, so a reader sees the old file or the new one, never a torn file.
    ///
    /// - Returns: The URL written.
    /// - Throws: ``ModelError`` when encoding or writing fails; the old file is then untouched.
    @discardableResult
    public func write(to path: String, format: ModelFormat, atomically: Bool = true) throws(ModelError) -> URL {
        let url = ModelLocations.saveURL(for: path)
        try write(to: url, format: format, atomically: atomically)
        return url
    }

    /// Writes the model to `url` in `format`, creating the folder when missing.
    ///
    /// - Throws: ``ModelError`` when encoding or writing fails.
    public func write(to url: URL, format: ModelFormat, atomically: Bool = true) throws(ModelError) {
        let bytes = try data(format: format)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url, options: atomically ? .atomic : [])
        } catch {
            throw ModelError(.unsupported("cannot write \(url.path): \(error.localizedDescription)"), format: format.rawValue)
        }
    }
}
