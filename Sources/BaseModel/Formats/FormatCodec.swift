import Foundation

/// A file format's codec: bytes to a ``ModelValue`` tree and back, and a cheap look at the bytes
/// to tell whether they are this format.
///
/// Codecs work on *typed trees*, the one shape every object-graph format shares:
///
/// - a typed object is a dictionary with `"$class": "<registered type name>"` beside its keys
///   (`{"$class": "TodoItem", "label": "Buy milk"}`); plain dictionaries have no `$class`;
/// - an object met a second time is `{"$alias": "<key path>"}`, the dotted path from the root to
///   its first occurrence (`items.0`), with `$root` naming the root itself (HRCoder's rule);
/// - `null`, dates and data are the tree's own `.null`, `.date` and `.data`.
///
/// Formats that cannot say "typed" or "shared" (JSON, plain property lists) simply never produce
/// those markers. The model coders turn typed trees into models and back.
///
/// Every codec reports malformed input as a ``ModelError`` carrying its ``format``, never traps,
/// and never allocates by an unchecked count read from the input.
public protocol FormatCodec: Sendable {
    /// The format this codec reads and writes.
    var format: ModelFormat { get }

    /// The file extension for save files (`plist`, `json`, `fast`).
    var fileExtension: String { get }

    /// How sure the codec is that `data` is its format, from its first bytes and, where cheap, a
    /// parse: `nil` for "not mine", larger numbers for "more certain". Detection picks the
    /// codec with the highest confidence (see ``FormatRegistry/detect(_:)``).
    func confidence(for data: Data) -> Int?

    /// Whether the format stores types and shared references: models are then written with
    /// `$class` and `$alias` and read back polymorphically. Default: `false`.
    var storesTypes: Bool { get }

    /// Reads a typed tree.
    ///
    /// - Throws: ``ModelError`` (malformed, truncated, empty, or unsupported content).
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue

    /// Writes a typed tree.
    ///
    /// - Throws: ``ModelError`` when the tree holds something the format cannot store.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data
}

extension FormatCodec {
    /// Plain formats store no types.
    public var storesTypes: Bool { false }
}
