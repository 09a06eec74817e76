/// A model whose saves are encrypted with a password of its own: the original's `+CCPassword`.
///
/// ```swift
/// final class Diary: EncryptedModel {
///     var entries: [String] = []
///     required init() {}
///     static var password: String { "correct horse battery staple" }
/// }
/// CryptoFormats.register()                     // once, at start
/// ModelRegistry.shared.register(Diary.self)    // so files naming "Diary" find the password
/// try Diary.shared.save()                      // sealed in the `encrypted` format
/// ```
///
/// The crypto codecs find the password by the type name written in the file (the envelope's
/// label, CryptoCoding's `className`), in the model types of the context a model is read or
/// written with (`ModelRegistry.shared` by default), as CryptoCoding asked the class named in the
/// archive. Its `SharedModel.saveFormat` defaults to `ModelFormat.encrypted`.
public protocol EncryptedModel: SharedModel {
    /// The password this type's files are encrypted with (its UTF-8 bytes).
    static var password: String { get }
}

extension EncryptedModel {
    /// The AES-GCM envelope (the original chose CryptoCoding for classes with `+CCPassword`).
    public static var saveFormat: ModelFormat { .encrypted }
}
