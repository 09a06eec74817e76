import Foundation

/// How much a decode may build before it stops with an error: how deep values may nest, how
/// many values the decoded tree may hold once shared containers and aliases are expanded, and
/// how many bytes of strings and data.
///
/// The defaults keep a hostile file cheap: a decode builds at most about one value and a few
/// bytes per input byte, plus a fixed allowance for small inputs, so a 1 MiB file whose
/// containers are shared a million times stops with an error instead of unfolding into
/// gigabytes. Set other limits on the context a decode runs with:
///
/// ```swift
/// let limits = DecodingLimits(maximumDepth: 64, maximumValues: 100_000)
/// let upload = try Upload(data: body, context: ModelContext(limits: limits))
/// ```
///
/// The limits hold for a decode as a whole: bytes of one format inside another (an envelope's
/// sealed bytes, a keyed archive embedded in a fast file, the archive CryptoCoding decrypts)
/// are read one level deeper than what holds them and from what is left of the same budget,
/// and an alias to them is the value read once, never a second reading.
///
/// Going past a limit throws ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` whose
/// text names the limit (`DecodingLimits.maximumDepth`, `DecodingLimits.maximumValues`,
/// `DecodingLimits.maximumStringBytes`).
public struct DecodingLimits: Sendable, Hashable {
    /// How many arrays, dictionaries and objects may nest, the outermost counting as one (a
    /// model holding its children in an array is two levels per generation), a format inside
    /// another counting as one more. Default: 512.
    ///
    /// Readers, writers and the model coders recurse once per level; a decode that may need more
    /// stack than its thread has left runs on a thread of its own with enough, so any thread,
    /// including the 512 KiB ones Apple platforms give secondary threads, can decode the deepest
    /// input this allows.
    package var maximumDepth: Int

    /// How many values the decoded tree may hold, counting every copy of a shared container or
    /// aliased object. `nil` (the default): 262,144 plus one per byte of input (a file without
    /// shared containers holds fewer values than bytes).
    package var maximumValues: Int?

    /// How many bytes of strings and data the decoded tree may hold, counting every copy. `nil`
    /// (the default): 16 MiB plus two per byte of input.
    package var maximumStringBytes: Int?

    /// Creates limits; the defaults are those described above.
    ///
    /// - Parameters:
    ///   - maximumDepth: how deep containers may nest (a model holding its children in an array
    ///     is two levels per generation); any thread can decode the deepest input this allows.
    ///   - maximumValues: how many values the decoded tree may hold, counting every copy of a
    ///     shared container or aliased object; `nil`: 262,144 plus one per byte of input.
    ///   - maximumStringBytes: how many bytes of strings and data the decoded tree may hold,
    ///     counting every copy; `nil`: 16 MiB plus two per byte of input.
    public init(maximumDepth: Int = 512, maximumValues: Int? = nil, maximumStringBytes: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
        self.maximumStringBytes = maximumStringBytes
    }

    /// The default limits.
    package static let standard = DecodingLimits()

    /// The limits of the decode running on this task or thread (`standard` unless a context
    /// set others around it).
    @TaskLocal static var current = standard

    /// The values a decode of `byteCount` bytes may build.
    func values(forInputOf byteCount: Int) -> Int {
        maximumValues ?? (1 << 18).addingReportingOverflow(max(0, byteCount)).partialValue
    }

    /// The bytes of strings and data a decode of `byteCount` bytes may build.
    func stringBytes(forInputOf byteCount: Int) -> Int {
        maximumStringBytes ?? (16 << 20).addingReportingOverflow(max(0, byteCount).multipliedReportingOverflow(by: 2).partialValue).partialValue
    }

    /// The reason of the error for values nested deeper than `limit`, which names the limit.
    static func depthExceeded(_ limit: Int) -> ModelError.Reason {
        .unsupported("values nested deeper than the depth limit of \(limit) (DecodingLimits.maximumDepth)")
    }

    /// The reason of the error for more than `limit` values, which names the limit.
    static func valuesExceeded(_ limit: Int) -> ModelError.Reason {
        .unsupported("shared containers or aliases expand to more than \(limit) values (DecodingLimits.maximumValues)")
    }

    /// The reason of the error for more than `limit` bytes of strings and data.
    static func stringBytesExceeded(_ limit: Int) -> ModelError.Reason {
        .unsupported("strings and data expand to more than \(limit) bytes (DecodingLimits.maximumStringBytes)")
    }
}
