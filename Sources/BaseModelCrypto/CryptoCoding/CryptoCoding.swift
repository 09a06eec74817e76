import Crypto
import Foundation
import _CryptoExtras

/// CryptoCoding's cipher, byte for byte: AES-128-CBC with PKCS#7 padding under a 16-byte key
/// derived from a password and a salt (the original's `NSData` category).
///
/// - Version 2 (the default): PBKDF2-HMAC-SHA1, 1024 rounds.
/// - Version 1 (files from before iOS 5 / OS X 10.7): the UTF-8 password followed by the salt,
///   zero-padded to at least 16 bytes, hashed with MD5 1024 times (each later round hashing the
///   previous 16-byte digest).
/// - A version of 0 means "current", as the original read a missing version.
///
/// There is no MAC: CBC cannot tell a wrong password from altered bytes, and bytes altered on
/// purpose can decrypt to a different valid plaintext. ``EnvelopeCodec`` authenticates.
///
/// ```swift
/// let sealed = try CryptoCoding.encrypt(plain, password: "secret", iv: iv, salt: salt)
/// let plain2 = try CryptoCoding.decrypt(sealed, password: "secret", iv: iv, salt: salt)
/// ```
enum CryptoCoding {
    /// The version new archives are written with.
    static let currentVersion = 2.0
    /// PBKDF2 rounds of version 2.
    static let rounds = 1024
    /// AES-128: the key size in bytes.
    static let keyByteCount = 16
    /// The IV size in bytes.
    static let ivByteCount = 16
    /// The salt size new archives get.
    static let saltByteCount = 8

    /// The key for `password` and `salt` under the key schedule of `version`.
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` for versions above 2 or below 0.
    static func key(password: String, salt: Data, version: Double = currentVersion) throws(ModelError) -> SymmetricKey {
        switch try schedule(of: version) {
        case 1: return legacyKey(password: password, salt: salt)
        default:
            do {
                return try KDF.Insecure.PBKDF2.deriveKey(
                    from: Data(password.utf8), salt: salt, using: .insecureSHA1,
                    outputByteCount: keyByteCount, unsafeUncheckedRounds: rounds)
            } catch {
                throw ModelError(.unsupported("PBKDF2 failed: \(error)"), format: ModelFormat.cryptoCoding.rawValue)
            }
        }
    }

    /// Encrypts `plaintext` (PKCS#7-padded) with the key of `password`, `salt` and `version`.
    ///
    /// - Throws: `ModelError` for an IV that is not 16 bytes or an unsupported version.
    static func encrypt(
        _ plaintext: Data, password: String, iv: Data, salt: Data, version: Double = currentVersion
    ) throws(ModelError) -> Data {
        let key = try key(password: password, salt: salt, version: version)
        do {
            return try AES._CBC.encrypt(plaintext, using: key, iv: try AES._CBC.IV(ivBytes: iv))
        } catch {
            throw ModelError(.invalidValue("AES-CBC needs a 16-byte IV, found \(iv.count) bytes"), format: ModelFormat.cryptoCoding.rawValue)
        }
    }

    /// Decrypts `cypher` and removes its padding.
    ///
    /// - Throws: `ModelError.Reason.wrongPassword` when the padding is wrong, which is what a
    ///   wrong password gives (and, since there is no MAC, what damaged bytes usually give too);
    ///   `ModelError.Reason.malformed(_:)` for an IV that is not 16 bytes or a cypher that is
    ///   not whole blocks.
    static func decrypt(
        _ cypher: Data, password: String, iv: Data, salt: Data, version: Double = currentVersion
    ) throws(ModelError) -> Data {
        let format = ModelFormat.cryptoCoding.rawValue
        guard iv.count == ivByteCount else {
            throw ModelError(.malformed("the IV has \(iv.count) bytes, not 16"), path: ModelPath([.key("iv")]), format: format)
        }
        guard !cypher.isEmpty, cypher.count % 16 == 0 else {
            throw ModelError(.malformed("the cypher has \(cypher.count) bytes, not a whole number of 16-byte blocks"),
                             path: ModelPath([.key("cypher")]), format: format)
        }
        let key = try key(password: password, salt: salt, version: version)
        do {
            return try AES._CBC.decrypt(cypher, using: key, iv: try AES._CBC.IV(ivBytes: iv))
        } catch {
            throw ModelError(.wrongPassword, format: format)
        }
    }

    /// The key schedule (1 or 2) of a stored version.
    ///
    /// The version comes from the file, so it is compared as a `Double` and never converted to
    /// an `Int` (a version such as 1e19 or NaN would trap the conversion).
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` for a negative, infinite or NaN version
    ///   and for versions from 3 on.
    static func schedule(of version: Double) throws(ModelError) -> Int {
        guard version.isFinite, version >= 0 else {
            throw ModelError(.unsupported("CryptoArchive version \(version)"), path: ModelPath([.key("version")]),
                             format: ModelFormat.cryptoCoding.rawValue)
        }
        switch version.rounded(.down) {
        case 0, 2: return 2
        case 1: return 1
        default:
            throw ModelError(
                .unsupported("CryptoArchive version \(version) is newer than this library reads (up to 2)"),
                path: ModelPath([.key("version")]), format: ModelFormat.cryptoCoding.rawValue)
        }
    }

    /// Version 1.0's MD5 schedule.
    static func legacyKey(password: String, salt: Data) -> SymmetricKey {
        var buffer = Data(password.utf8) + salt
        if buffer.count < keyByteCount { buffer.append(Data(count: keyByteCount - buffer.count)) }
        var digest = Data(Insecure.MD5.hash(data: buffer))
        for _ in 1..<1024 { digest = Data(Insecure.MD5.hash(data: digest)) }
        return SymmetricKey(data: digest)
    }
}
