import Crypto

/// The secret an envelope (the `encrypted` format) seals and opens with: passwords or a raw key
/// (``CryptoFormats/envelope(passwords:inner:formats:)``, ``CryptoFormats/envelope(key:inner:formats:)``).
struct EnvelopeSecret: Sendable {
    enum Kind {
        case passwords(PasswordProvider)
        case key(SendableKey)
    }

    let kind: Kind

    /// Passwords from a provider, asked with the label (the root's type name).
    static func passwords(_ provider: PasswordProvider) -> EnvelopeSecret { EnvelopeSecret(kind: .passwords(provider)) }

    /// One raw key for every file; any size, stretched to AES-256 by HMAC.
    static func key(_ key: SymmetricKey) -> EnvelopeSecret { EnvelopeSecret(kind: .key(SendableKey(key: key))) }
}
