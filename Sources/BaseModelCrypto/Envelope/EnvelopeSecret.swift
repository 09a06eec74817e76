import Crypto

/// The secret an envelope (the `encrypted` format) seals and opens with: ``passwords(_:)`` or
/// ``key(_:)``. Give it to ``CryptoFormats/envelope(secret:inner:formats:)``.
///
/// ```swift
/// let codec = CryptoFormats.envelope(secret: .key(SymmetricKey(size: .bits256)))
/// ```
public struct EnvelopeSecret: Sendable {
    enum Kind {
        case passwords(PasswordProvider)
        case key(SendableKey)
    }

    let kind: Kind

    /// Passwords from a provider, asked with the label (the root's type name).
    public static func passwords(_ provider: PasswordProvider) -> EnvelopeSecret { EnvelopeSecret(kind: .passwords(provider)) }

    /// One raw key for every file; any size, stretched to AES-256 by HMAC.
    public static func key(_ key: SymmetricKey) -> EnvelopeSecret { EnvelopeSecret(kind: .key(SendableKey(key: key))) }
}
