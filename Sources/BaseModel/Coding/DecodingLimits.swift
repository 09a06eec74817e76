import Foundation

/// How far a decode may go before it stops with an error: how deep values may nest.
///
/// Every reader, writer and the model coders recurse once per nested array, dictionary or object,
/// and a level costs kilobytes of stack: the depth limit bounds the stack a decode can need, and
/// ``StackReserve`` gives it that much (on a thread of its own when the caller's stack is small,
/// such as the 512 KiB Apple platforms give secondary threads and Dispatch workers).
/// `BENCHMARKS.md` has what one level costs in each path.
struct DecodingLimits: Sendable, Hashable {
    /// How many arrays, dictionaries and objects may nest, the outermost counting as one. Models
    /// count twice per level when they hold their children in an array (the model's dictionary
    /// and the array).
    var maximumDepth: Int

    /// The default limits.
    static let standard = DecodingLimits(maximumDepth: 512)

    /// The limits of the decode running on this task or thread (``standard`` unless a context
    /// set others around it).
    @TaskLocal static var current = standard

    /// The reason of the error for values nested deeper than `limit`, which names the limit.
    static func depthExceeded(_ limit: Int) -> ModelError.Reason {
        .unsupported("values nested deeper than the depth limit of \(limit) (DecodingLimits.maximumDepth)")
    }
}
