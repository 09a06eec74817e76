import Foundation

extension Model {
    /// Loads a model from a file in any format the library reads, chosen by the file's bytes,
    /// never by its extension (BaseModel's `initWithContentsOfFile:`).
    ///
    /// ```swift
    /// let list = try TodoList(contentsOf: url)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - context: The codecs to detect the format with, and the types a file that stores
    ///     types may name.
    /// - Throws: ``ModelError``: the file cannot be read, is empty, is in no known format, does
    ///   not fit the type (with the path of the value), does not migrate, or was written by a newer
    ///   ``schemaVersion`` (``ModelError/Reason/newerVersion(found:known:)``).
    public init(contentsOf url: URL, context: ModelContext = ModelContext()) throws(ModelError) {
        try self.init(data: Data(modelFileAt: url), context: context)
    }

    /// Loads a model from the file at `path`, in any format the library reads, chosen by the
    /// file's bytes: the reading side of `write(to:format:atomically:context:)`.
    ///
    /// A relative `path` is read from the context's application-support folder
    /// (``ModelLocations/applicationSupport`` by default), where a relative write puts it; an
    /// absolute one is read as it is.
    ///
    /// ```swift
    /// try engine.write(to: "Projects/Engine.json", format: .json)
    /// let again = try Project(contentsOf: "Projects/Engine.json")
    /// ```
    ///
    /// - Throws: ``ModelError`` as ``init(contentsOf:context:)-(URL,_)``.
    public init(contentsOf path: String, context: ModelContext = ModelContext()) throws(ModelError) {
        try self.init(contentsOf: context.url(for: path), context: context)
    }

    /// Builds a model from bytes in any format the library reads, detected by content.
    ///
    /// ```swift
    /// let list = try TodoList(data: bytes)   // JSON, a plist, a keyed archive, fast, …
    /// ```
    ///
    /// The codec reads the bytes into a graph (a built-in codec's own, or
    /// ``FormatCodec/decodeGraph(from:)``), and the model is decoded from it by the mapping rules. Bytes of an older ``schemaVersion`` are migrated first,
    /// as the shared instance's saved data is; a file at the model's version costs nothing more.
    ///
    /// - Throws: ``ModelError`` as ``init(contentsOf:context:)-(URL,_)``.
    public init(data: Data, context: ModelContext = ModelContext()) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> Self in
            try context.formats.detect(data).decodeModel(Self.self, from: data, using: context.decoder)
        }
    }

    /// The model's bytes in `format`; formats that store types write `$class` and `$alias`.
    ///
    /// A built-in codec's writer takes the model from the encoder as it is encoded; any other
    /// codec is given the model's graph (``FormatCodec/encodeGraph(_:)``). A ``schemaVersion`` other than 1 is recorded
    /// (`$schemaVersion`), through the tree, so reading the bytes back never migrates them again.
    ///
    /// - Throws: ``ModelError`` when the format has no codec or cannot store a value.
    public func data(format: ModelFormat, context: ModelContext = ModelContext()) throws(ModelError) -> Data {
        try context.withLimits { () throws(ModelError) -> Data in
            try storedData(codec: context.formats.codec(for: format), encoder: context.encoder)
        }
    }

    /// Writes the model to a file in `format` (BaseModel's `writeToFile:format:atomically:`).
    ///
    /// A relative `path` goes to the context's application-support folder
    /// (``ModelLocations/applicationSupport`` by default), whose folder is created when missing;
    /// ``init(contentsOf:context:)-(String,_)`` reads it back from there. An atomic write goes to a temporary file first and is renamed over the target, so
    /// a reader sees the old file or the new one, never a torn file.
    ///
    /// - Returns: The URL written.
    /// - Throws: ``ModelError`` when encoding or writing fails; the old file is then untouched.
    @discardableResult
    public func write(
        to path: String, format: ModelFormat, atomically: Bool = true,
        context: ModelContext = ModelContext()
    ) throws(ModelError) -> URL {
        let url = context.url(for: path)
        try write(to: url, format: format, atomically: atomically, context: context)
        return url
    }

    /// Writes the model to `url` in `format`, creating the folder when missing.
    ///
    /// - Throws: ``ModelError`` when encoding or writing fails.
    public func write(
        to url: URL, format: ModelFormat, atomically: Bool = true,
        context: ModelContext = ModelContext()
    ) throws(ModelError) {
        try data(format: format, context: context).writeModelFile(to: url, atomically: atomically, format: format)
    }
}
