import Crypto
import Foundation
import _CryptoExtras

/// How the envelope turns a password into a key; recorded in each file's header, so a file is
/// read with the parameters it was written with.
enum EnvelopeKDF: Sendable, Hashable {
    /// No derivation: the caller supplies a ``Crypto/SymmetricKey``.
    case rawKey
    /// scrypt with N = 2^`logN`, block size `r` and parallelism `p`; it costs 128·r·N bytes of memory.
    case scrypt(logN: Int, r: Int, p: Int)
    /// PBKDF2 with HMAC-SHA256.
    case pbkdf2SHA256(rounds: Int)

    /// The default for new files: scrypt with N = 2^15, r = 8, p = 1 (32 MiB, a few tenths of a
    /// second per save or load): the interactive-login strength scrypt's author recommends.
    static let strong = EnvelopeKDF.scrypt(logN: 15, r: 8, p: 1)

    /// The PBKDF2-SHA256 round count OWASP recommends (600,000).
    static let strongPBKDF2 = EnvelopeKDF.pbkdf2SHA256(rounds: 600_000)

    /// The header's id of the KDF.
    var id: UInt8 {
        switch self {
        case .rawKey: 0
        case .pbkdf2SHA256: 1
        case .scrypt: 2
        }
    }

    /// The three header parameters.
    var parameters: (UInt32, UInt32, UInt32) {
        switch self {
        case .rawKey: (0, 0, 0)
        case .pbkdf2SHA256(let rounds): (UInt32(clamping: rounds), 0, 0)
        case .scrypt(let logN, let r, let p): (UInt32(clamping: logN), UInt32(clamping: r), UInt32(clamping: p))
        }
    }

    /// The KDF a header names, refusing parameters that would make reading a file hang or
    /// exhaust memory (a file chooses them, so they are untrusted).
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` for an unknown id or parameters out of range.
    init(id: UInt8, parameters: (UInt32, UInt32, UInt32)) throws(ModelError) {
        let (a, b, c) = (Int(parameters.0), Int(parameters.1), Int(parameters.2))
        switch id {
        case 0: self = .rawKey
        case 1: self = .pbkdf2SHA256(rounds: a)
        case 2: self = .scrypt(logN: a, r: b, p: c)
        default: throw ModelError(.unsupported("key derivation \(id) is unknown"), format: ModelFormat.encrypted.rawValue)
        }
        try validate()
    }

    /// Checks the parameters against the limits: PBKDF2 1…10,000,000 rounds; scrypt
    /// 1 ≤ log2 N ≤ 20, 1 ≤ r ≤ 32, 1 ≤ p ≤ 16, at most 256 MiB and 2^24 block mixes.
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` when a parameter is out of range.
    func validate() throws(ModelError) {
        switch self {
        case .rawKey: return
        case .pbkdf2SHA256(let rounds):
            guard (1...10_000_000).contains(rounds) else { throw Self.outOfRange("PBKDF2 rounds \(rounds)") }
        case .scrypt(let logN, let r, let p):
            guard (1...20).contains(logN), (1...32).contains(r), (1...16).contains(p),
                128 * r << logN <= 256 << 20, (r * p) << logN <= 1 << 24
            else { throw Self.outOfRange("scrypt log2 N = \(logN), r = \(r), p = \(p)") }
        }
    }

    private static func outOfRange(_ what: String) -> ModelError {
        ModelError(.unsupported("\(what) is outside the limits this library reads"), format: ModelFormat.encrypted.rawValue)
    }

    /// The 32-byte master key for `password` and `salt`.
    func masterKey(password: String, salt: Data) throws(ModelError) -> SymmetricKey {
        do {
            switch self {
            case .rawKey:
                throw ModelError(.passwordRequired("the envelope was sealed with a raw key"), format: ModelFormat.encrypted.rawValue)
            case .pbkdf2SHA256(let rounds):
                return try KDF.Insecure.PBKDF2.deriveKey(
                    from: Data(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
            case .scrypt(let logN, let r, let p):
                return try KDF.Scrypt.deriveKey(
                    from: Data(password.utf8), salt: salt, outputByteCount: 32, rounds: 1 << logN, blockSize: r, parallelism: p)
            }
        } catch let error as ModelError {
            throw error
        } catch {
            throw ModelError(.unsupported("key derivation failed: \(error)"), format: ModelFormat.encrypted.rawValue)
        }
    }
}
