import Foundation

/// Parsed resource files, by URL and by the registry that read them. Bundles are read-only, so
/// each file is read and parsed once per process and registry (BaseModel cached them too); a
/// missing file is remembered as missing. A context with a registry of its own reads the file
/// with that registry: it never gets the tree another registry made of it.
enum ResourceCache {
    private struct Entry: @unchecked Sendable {
        /// The registry that read the file; held weakly, so the cache keeps no registry alive
        /// (an entry whose registry is gone is dropped when the file is read again).
        weak var formats: FormatRegistry?
        /// The parsed tree and whether its codec stores types, or `nil` for a missing file.
        let tree: (ModelValue, storesTypes: Bool)?
    }

    private static let entries = Locked<[URL: [Entry]]>([:])

    /// The tree in the resource file at `url` as `formats` reads it, or `nil` when there is no
    /// such file.
    ///
    /// - Throws: ``ModelError`` when the file exists but cannot be parsed; failures are not cached.
    static func tree(at url: URL, formats: FormatRegistry) throws(ModelError) -> (ModelValue, storesTypes: Bool)? {
        if let entry = entries.withLock({ $0[url]?.first { $0.formats === formats } }) { return entry.tree }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            remember(Entry(formats: formats, tree: nil), for: url)
            return nil
        }
        let codec = try formats.detect(data)
        let parsed = (try codec.decodeTree(from: data), storesTypes: codec.storesTypes)
        remember(Entry(formats: formats, tree: parsed), for: url)
        return parsed
    }

    /// Adds `entry` for `url`, dropping the entries whose registry is gone.
    private static func remember(_ entry: Entry, for url: URL) {
        entries.withLock { entries in
            var kept = (entries[url] ?? []).filter { $0.formats != nil && $0.formats !== entry.formats }
            kept.append(entry)
            entries[url] = kept
        }
    }
}
