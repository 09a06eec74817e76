import Crypto

/// Registers the crypto target's formats: call ``register(passwords:inner:in:)`` once at
/// start, before loading or saving encrypted files.
///
/// ```swift
/// import BaseModelCrypto
/// CryptoFormats.register()                                // EncryptedModel passwords
/// CryptoFormats.register(passwords: .environment())       // also BASEMODEL_PASSWORD
/// ```
public enum CryptoFormats {
    /// Registers the CryptoCoding codec (`crypto`) and the envelope codec (`encrypted`) in
    /// `formats`, so files in them are detected on load and can be written, and
    /// the keychain storage for `ModelFormat.keychain` shared instances.
    ///
    /// - Parameters:
    ///   - passwords: asked when the file's type is not a registered ``EncryptedModel``; `nil`
    ///     (the default) asks nothing else.
    ///   - inner: the format sealed inside new envelopes (default `ModelFormat.keyedArchive`;
    ///     not `encrypted`, which writing refuses).
    ///   - formats: the registry to add the codecs to.
    public static func register(
        passwords: PasswordProvider? = nil, inner: ModelFormat = .keyedArchive, in formats: FormatRegistry = .shared
    ) {
        register(passwords: passwords, kdf: .strong, inner: inner, in: formats)
    }

    /// Registers the formats with another KDF for new envelopes.
    static func register(
        passwords: PasswordProvider? = nil, kdf: EnvelopeKDF, inner: ModelFormat = .keyedArchive,
        in formats: FormatRegistry = .shared
    ) {
        let provider = modelTypesFirst(then: passwords)
        formats.register(CryptoCodingCodec(passwords: provider))
        formats.register(EnvelopeCodec(secret: .passwords(provider), kdf: kdf, inner: inner, formats: formats))
        formats.register(KeychainStorage(), for: .keychain)
    }

    /// A codec of the `encrypted` format (an AES-256-GCM envelope around the bytes of an inner
    /// format) sealed and opened with passwords, to register in a registry of your own or to call
    /// directly. Like ``register(passwords:inner:in:)``, it asks the ``EncryptedModel`` types first
    /// and then `passwords`. New files derive their key with scrypt (N = 2^15, r = 8, p = 1).
    ///
    /// ```swift
    /// let formats = FormatRegistry()
    /// formats.register(CryptoFormats.envelope(passwords: .fixed("secret"), inner: .json, formats: formats))
    /// ```
    ///
    /// - Parameters:
    ///   - passwords: asked with the label (the root's type name) when it does not name an
    ///     ``EncryptedModel`` type of `ModelRegistry.shared`; `nil` (the default) asks nothing else.
    ///   - inner: the format of the sealed bytes in new files; default
    ///     `ModelFormat.keyedArchive`. Not `encrypted`: writing then fails with `unsupported`.
    ///   - formats: where the inner codec is found; default `FormatRegistry.shared`.
    public static func envelope(
        passwords: PasswordProvider? = nil, inner: ModelFormat = .keyedArchive,
        formats: FormatRegistry = .shared
    ) -> any FormatCodec {
        EnvelopeCodec(secret: .passwords(modelTypesFirst(then: passwords)), inner: inner, formats: formats)
    }

    /// A codec of the `encrypted` format sealed and opened with one raw key for every file (any
    /// size, stretched to AES-256 by HMAC), as ``envelope(passwords:inner:formats:)`` otherwise.
    ///
    /// ```swift
    /// let formats = FormatRegistry()
    /// formats.register(CryptoFormats.envelope(key: SymmetricKey(size: .bits256), inner: .json, formats: formats))
    /// ```
    ///
    /// - Parameters:
    ///   - key: the key.
    ///   - inner: the format of the sealed bytes in new files; default
    ///     `ModelFormat.keyedArchive`. Not `encrypted`: writing then fails with `unsupported`.
    ///   - formats: where the inner codec is found; default `FormatRegistry.shared`.
    public static func envelope(
        key: SymmetricKey, inner: ModelFormat = .keyedArchive, formats: FormatRegistry = .shared
    ) -> any FormatCodec {
        EnvelopeCodec(secret: .key(key), inner: inner, formats: formats)
    }

    /// The password of the registered ``EncryptedModel`` type the file names, else `passwords`'.
    private static func modelTypesFirst(then passwords: PasswordProvider?) -> PasswordProvider {
        PasswordProvider.modelTypes().or(passwords ?? .none)
    }
}
