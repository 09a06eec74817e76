import Crypto

/// A `SymmetricKey` that can cross concurrency domains. The key is an immutable value (its
/// storage is never mutated after creation); swift-crypto 3 only lacks the `Sendable` annotation.
struct SendableKey: @unchecked Sendable {
    let key: SymmetricKey
}
