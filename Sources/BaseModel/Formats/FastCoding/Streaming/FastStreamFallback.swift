import Foundation

/// Why the fast index leaves a file to the tree path, decided before any model code runs (see
/// `FastIndex`). Never leaves the module.
struct FastStreamFallback: Error {
    let reason: String
}
