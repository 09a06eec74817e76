import Foundation

/// A model that names the ``SecureStore`` its `ModelFormat.keychain` saves go to.
///
/// ```swift
/// struct Credentials: SecureStoredModel {
///     var user = ""
///     var token: String?
///     static var saveFormat: ModelFormat { .keychain }
///     static var secureStore: SecureStore { .fileVault(service: "com.example.credentials") }
/// }
/// ```
///
/// Models that do not conform use a default store: the keychain with the service
/// `<bundle identifier>.<TypeName>` on Apple platforms, a file vault with the service
/// `<TypeName>` elsewhere.
public protocol SecureStoredModel: SharedModel {
    /// The store holding this type's items.
    static var secureStore: SecureStore { get }
}
