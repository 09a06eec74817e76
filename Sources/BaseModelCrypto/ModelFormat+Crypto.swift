extension ModelFormat {
    /// CryptoCoding v2, byte-compatible with the Objective-C CryptoCoding library: a keyed archive
    /// whose root `CryptoArchive` holds an AES-128-CBC encrypted keyed archive of the model.
    /// Extension `plist`. It has no integrity check: prefer ``encrypted`` for new files.
    public static let cryptoCoding = ModelFormat(rawValue: "crypto")

    /// The AES-256-GCM envelope: a short authenticated header and any inner format's bytes,
    /// sealed. The format for new encrypted files. Extension `sealed`.
    public static let encrypted = ModelFormat(rawValue: "encrypted")

    /// The keychain: `SharedModel.save(overwriting:)` stores one secret item per codable property in a
    /// ``SecureStore`` (the Security framework's keychain on Apple platforms, an encrypted file
    /// vault on Linux). It has no file form.
    public static let keychain = ModelFormat(rawValue: "keychain")
}
