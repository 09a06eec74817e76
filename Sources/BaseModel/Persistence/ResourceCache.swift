import Foundation

/// Parsed resource files, by URL. Bundles are read-only, so each file is read and parsed once
/// per process (BaseModel cached them too); a missing file is remembered as missing.
enum ResourceCache {
    private struct Entry: @unchecked Sendable {
        /// The parsed tree and its codec's name, or `nil` for a missing file.
        let tree: (ModelValue, storesTypes: Bool)?
    }

    private static let entries = Locked<[URL: Entry]>([:])

    /// The tree in the resource file at `url`, or `nil` when there is no such file.
    ///
    /// - Throws: ``ModelError`` when the file exists but cannot be parsed; failures are not cached.
    static func tree(at url: URL, formats: FormatRegistry) throws(ModelError) -> (ModelValue, storesTypes: Bool)? {
        if let entry = entries.withLock({ $0[url] }) { return entry.tree }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            entries.withLock { $0[url] = Entry(tree: nil) }
            return nil
        }
        let codec = try formats.detect(data)
        let parsed = (try codec.decodeTree(from: data), storesTypes: codec.storesTypes)
        entries.withLock { $0[url] = Entry(tree: parsed) }
        return parsed
    }
}
