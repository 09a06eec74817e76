import Foundation

/// Why a stream gave up and the encode goes through the tree instead. Never leaves the module.
struct FastStreamFallback: Error {
    let reason: String
}
