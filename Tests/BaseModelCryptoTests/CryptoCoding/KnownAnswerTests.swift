@testable import BaseModelCrypto
import Crypto
import Foundation
import Testing
import _CryptoExtras

/// Published vectors, and CryptoCoding values computed independently (Python's hashlib and the
/// openssl command line), so the primitives are checked against something other than themselves.
@Suite struct KnownAnswerTests {
    struct PBKDF2Vector: Sendable, CustomTestStringConvertible {
        let password: String, salt: String, rounds: Int, length: Int, expected: String
        var testDescription: String { "\(rounds) rounds, \(length) bytes" }
    }

    /// RFC 6070 §2 (the 16,777,216-round vector is left out for time).
    static let rfc6070: [PBKDF2Vector] = [
        .init(password: "password", salt: "salt", rounds: 1, length: 20, expected: "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
        .init(password: "password", salt: "salt", rounds: 2, length: 20, expected: "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
        .init(password: "password", salt: "salt", rounds: 4096, length: 20, expected: "4b007901b765489abead49d926f721d065a429c1"),
        .init(password: "passwordPASSWORDpassword", salt: "saltSALTsaltSALTsaltSALTsaltSALTsalt", rounds: 4096, length: 25,
              expected: "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"),
        .init(password: "pass\0word", salt: "sa\0lt", rounds: 4096, length: 16, expected: "56fa6aa75548099dcc37d7f03425e0c3"),
    ]

    @Test(arguments: rfc6070) func pbkdf2HMACSHA1(_ vector: PBKDF2Vector) throws {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(vector.password.utf8), salt: Data(vector.salt.utf8), using: .insecureSHA1,
            outputByteCount: vector.length, unsafeUncheckedRounds: vector.rounds)
        #expect(key.withUnsafeBytes { Data($0) }.hex == vector.expected)
    }

    static let nistKey = Data(hex: "2b7e151628aed2a6abf7158809cf4f3c")
    static let nistIV = Data(hex: "000102030405060708090a0b0c0d0e0f")
    static let nistPlaintext = Data(hex: """
        6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
        30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710
        """)
    static let nistCiphertext = Data(hex: """
        7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2
        73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7
        """)

    /// NIST SP 800-38A F.2.1, CBC-AES128.Encrypt.
    @Test func aes128CBCEncrypt() throws {
        let cipher = try AES._CBC.encrypt(
            Self.nistPlaintext, using: SymmetricKey(data: Self.nistKey), iv: AES._CBC.IV(ivBytes: Self.nistIV), noPadding: true)
        #expect(cipher == Self.nistCiphertext)
    }

    /// NIST SP 800-38A F.2.2, CBC-AES128.Decrypt.
    @Test func aes128CBCDecrypt() throws {
        let plain = try AES._CBC.decrypt(
            Self.nistCiphertext, using: SymmetricKey(data: Self.nistKey), iv: AES._CBC.IV(ivBytes: Self.nistIV), noPadding: true)
        #expect(plain == Self.nistPlaintext)
    }

    static let salt = Data(hex: "0102030405060708")
    static let iv = Data(hex: "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")

    /// Version 2's key: PBKDF2-HMAC-SHA1, 1024 rounds, 16 bytes (hashlib.pbkdf2_hmac).
    @Test func cryptoCodingVersion2Key() throws {
        let key = try CryptoCoding.key(password: "Top Secret", salt: Self.salt)
        #expect(key.withUnsafeBytes { Data($0) }.hex == "8c835b8c5b81ca267b891a90646a668d")
    }

    /// Version 1.0's MD5 schedule, for a buffer longer than 16 bytes and for one zero-padded to 16.
    @Test func cryptoCodingVersion1Key() throws {
        let long = try CryptoCoding.key(password: "Top Secret", salt: Self.salt, version: 1.0)
        #expect(long.withUnsafeBytes { Data($0) }.hex == "0764c76fd8ca48ca510497439894585d")
        let short = try CryptoCoding.key(password: "ab", salt: Data([1, 2]), version: 1.0)
        #expect(short.withUnsafeBytes { Data($0) }.hex == "1479fff81b9bbe5c097216c05f5aed91")
    }

    /// AES-128-CBC with PKCS#7 under the version 2 key (`openssl enc -aes-128-cbc`).
    @Test func cryptoCodingCipher() throws {
        let plain = Data("Hello, CryptoCoding".utf8)
        let cipher = try CryptoCoding.encrypt(plain, password: "Top Secret", iv: Self.iv, salt: Self.salt)
        #expect(cipher.hex == "fdadd05472c1bbfec438ff05c7a23030ca597f5fc2aeb71d20617aabb07c1e58")
        #expect(try CryptoCoding.decrypt(cipher, password: "Top Secret", iv: Self.iv, salt: Self.salt) == plain)
    }

    @Test func versionAboveTwoIsRejected() {
        #expect(throws: ModelError.self) { try CryptoCoding.key(password: "x", salt: Self.salt, version: 3.0) }
        #expect(throws: ModelError.self) { try CryptoCoding.key(password: "x", salt: Self.salt, version: -1) }
    }
}
