import Foundation

extension ModelValue {
    /// Reads bytes in any format the library reads, detected by content, as a tree: what
    /// `basemodel inspect` shows. Typed formats give typed trees (`$class`, `$alias`).
    ///
    /// ```swift
    /// let tree = try ModelValue(data: bytes)
    /// tree["search_metadata"]?["count"]
    /// ```
    ///
    /// - Throws: ``ModelError``: the bytes are empty, in no known format, or malformed.
    public init(data: Data, context: ModelContext = ModelContext()) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> ModelValue in try context.formats.detect(data).decodeTree(from: data) }
    }

    /// Reads a file in any format the library reads, detected by content, as a tree. A relative
    /// `path` is read from the context's application-support folder, as models' relative paths are.
    ///
    /// - Throws: ``ModelError``: the file cannot be read, or as ``init(data:context:)``.
    init(contentsOf path: String, context: ModelContext = ModelContext()) throws(ModelError) {
        try self.init(contentsOf: context.url(for: path), context: context)
    }

    /// Reads the file at `url` in any format the library reads, detected by content, as a tree.
    /// (Users write `ModelValue(data: Data(contentsOf: url))`.)
    ///
    /// - Throws: ``ModelError``: the file cannot be read, or as ``init(data:context:)``.
    package init(contentsOf url: URL, context: ModelContext = ModelContext()) throws(ModelError) {
        try self.init(data: Data(modelFileAt: url), context: context)
    }
}
