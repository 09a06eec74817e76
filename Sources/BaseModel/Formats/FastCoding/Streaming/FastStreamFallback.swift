import Foundation

/// Why the fast index or the streaming encoder leaves a file or a value to the tree path: the
/// index before any model code runs, the encoder when a value uses what a stream cannot say up
/// front. Never leaves the module.
struct FastStreamFallback: Error {
    let reason: String
}
