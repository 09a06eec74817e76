import Foundation

/// Where an encrypted format gets the password for a file: from the model type the file names,
/// a fixed password, the environment, or any closure.
///
/// The argument is the type name recorded in the file (`nil` when it has none).
///
/// ```swift
/// CryptoFormats.register(passwords: .environment())   // EncryptedModel types first, then the variable
/// ```
public struct PasswordProvider: Sendable {
    private let body: @Sendable (String?) -> String?

    /// A provider that asks `body` with the type name the file records.
    public init(_ body: @escaping @Sendable (_ typeName: String?) -> String?) {
        self.body = body
    }

    /// The password for a file of `typeName`, or `nil` when this provider has none.
    func password(for typeName: String?) -> String? { body(typeName) }

    /// This provider's password, else `other`'s.
    func or(_ other: PasswordProvider) -> PasswordProvider {
        PasswordProvider { self.password(for: $0) ?? other.password(for: $0) }
    }

    /// Always `password`.
    public static func fixed(_ password: String) -> PasswordProvider {
        PasswordProvider { _ in password }
    }

    /// The ``EncryptedModel/password`` of the ``EncryptedModel`` type registered under the file's
    /// type name in `registry`; without one, in the model types of the model being read or written
    /// (the caller's context, `ModelRegistry.inUse`), else in `ModelRegistry.shared`.
    /// `CryptoFormats` asks it before any provider it is given.
    package static func modelTypes(in registry: ModelRegistry? = nil) -> PasswordProvider {
        PasswordProvider { name in
            guard let name else { return nil }
            let types = registry ?? ModelRegistry.inUse ?? .shared
            guard let type = types.type(named: name) as? any EncryptedModel.Type else { return nil }
            return type.password
        }
    }

    /// The environment variable `variable` (default `BASEMODEL_PASSWORD`), read when a password
    /// is needed; an empty value counts as none.
    public static func environment(_ variable: String = "BASEMODEL_PASSWORD") -> PasswordProvider {
        PasswordProvider { _ in
            guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
            return value
        }
    }

    /// No password.
    static let none = PasswordProvider { _ in nil }
}
