import BaseModel

/// What went wrong opening encrypted bytes, as `ModelError.reason` carries it
/// (`.other(domain: "crypto", …)`): read it as `ModelError.cryptoError`.
///
/// ```swift
/// do { _ = try Diary(data: sealed) }
/// catch where error.cryptoError == .wrongPassword { askAgain() }
/// ```
public enum CryptoError: String, Sendable, Hashable {
    /// The encrypted bytes failed their integrity check: they were altered or damaged after they
    /// were written (the key itself was right).
    case authenticationFailed
    /// The password or key does not open the encrypted bytes. The file vault, which cannot tell
    /// a wrong key from damaged bytes, reports both as this.
    case wrongPassword
    /// The bytes are encrypted and no password or key was available.
    case passwordRequired

    /// The domain of `ModelError.Reason.other(domain:code:message:)` for crypto errors.
    static let domain = "crypto"
}

/// The reasons the crypto codecs throw; users read them as `ModelError.cryptoError`.
extension ModelError.Reason {
    /// The encrypted bytes were altered or damaged after they were written (the key was right).
    static var authenticationFailed: Self {
        .other(domain: CryptoError.domain, code: CryptoError.authenticationFailed.rawValue,
               message: "authentication failed: the encrypted data was altered or damaged")
    }

    /// The password or key does not open the encrypted bytes.
    static var wrongPassword: Self {
        .other(domain: CryptoError.domain, code: CryptoError.wrongPassword.rawValue, message: "wrong password or key")
    }

    /// The bytes are encrypted and no password or key was available; `what` says for what.
    static func passwordRequired(_ what: String) -> Self {
        .other(domain: CryptoError.domain, code: CryptoError.passwordRequired.rawValue, message: "a password is required: \(what)")
    }
}

extension ModelError {
    /// The crypto failure this error reports, or `nil` for every other error.
    public var cryptoError: CryptoError? {
        guard case .other(CryptoError.domain, let code, _) = reason else { return nil }
        return CryptoError(rawValue: code)
    }
}
