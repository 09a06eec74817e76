import Foundation

/// Reads a JSON document into an ``InputIndex`` in one pass, for the model decoder: the JSON
/// form of the read cursor (`FastIndex` is the fast format's).
///
/// The index holds what the tree parser would build, without building it: one node per value,
/// strings in a side table, and each dictionary's keys interned, so a key repeated in every
/// element of an array is one string. It leaves to the tree parser, by returning `nil` before
/// any model code runs, every document it does not cover exactly as the tree would: malformed
/// input (the tree parser then words the error), a dictionary with a key twice (the tree keeps
/// the last value at the first position), a key that is not ASCII (Swift compares those by
/// canonical equivalence, bytes do not), and an integer above `Int64.max`.
enum JSONIndex {
    /// The index of `data`, or `nil` when the tree parser must read it.
    static func ofDocument(_ data: Data, maximumDepth: Int = JSONParser.defaultMaximumDepth) -> InputIndex? {
        data.withUnsafeBytes { bytes -> InputIndex? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            var reader = JSONReader(
                start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maximumDepth: max(0, maximumDepth))
            var builder = JSONIndexBuilder(byteCount: bytes.count)
            guard let root = try? reader.indexDocument(into: &builder) else { return nil }
            return InputIndex(
                nodes: builder.nodes, children: builder.children, strings: builder.strings, data: [], classes: [],
                root: root, keyNumbers: builder.keyNumbersByKey)
        }
    }
}
