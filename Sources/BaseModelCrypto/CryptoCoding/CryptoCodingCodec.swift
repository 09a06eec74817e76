import Foundation

/// The `crypto` format: CryptoCoding v2 files, read and written byte-compatibly with the
/// Objective-C CryptoCoding library. Extension `plist`.
///
/// The file is a keyed archive whose root is a `CryptoArchive` object with `iv` (16 random
/// bytes), `salt` (8 random bytes), `cypher`, `className` and `version` (2.0). The cypher is
/// CryptoCoding's encryption (AES-128-CBC, PBKDF2-SHA1 keys) of a keyed archive of the model. Reading takes versions 1 and 2
/// (and 0 or a missing version as 2); a plain keyed archive passes through unchanged, as
/// CryptoCoder's `unarchiveObjectWithData:` returned non-encrypted archives as they were.
///
/// The password comes from ``passwords`` with the archive's `className` (the model's type name):
/// by default the ``EncryptedModel/password`` of the type registered under that name.
///
/// What it protects against: someone reading the file. What it does not: someone changing it —
/// there is no MAC, so a damaged or altered file can fail as a wrong password or, with bytes
/// chosen on purpose, decrypt to different data. Use ``EnvelopeCodec`` (`ModelFormat.encrypted`)
/// for new files.
struct CryptoCodingCodec: FormatCodec {
    /// Where passwords come from, asked with the archive's class name.
    let passwords: PasswordProvider

    /// Creates the codec.
    ///
    /// - Parameter passwords: default: the ``EncryptedModel`` types of `ModelRegistry.shared`.
    init(passwords: PasswordProvider = .modelTypes()) {
        self.passwords = passwords
    }

    /// `ModelFormat.cryptoCoding`.
    var format: ModelFormat { .cryptoCoding }
    /// `plist`, as CryptoCoding's example saved.
    var fileExtension: String { "plist" }
    /// The plaintext is a keyed archive: types and shared objects are kept.
    var storesTypes: Bool { true }

    /// The class name of the archive's root object.
    static let archiveClass = "CryptoArchive"

    /// 85 (above a plain keyed archive's 80) for a keyed archive that names a `CryptoArchive`.
    func confidence(for data: Data) -> Int? {
        guard KeyedArchiveCodec().confidence(for: data) != nil,
            data.range(of: Data(Self.archiveClass.utf8)) != nil
        else { return nil }
        return 85
    }

    /// Decrypts a CryptoArchive into the model's typed tree; a plain keyed archive's tree is
    /// returned as it is.
    ///
    /// - Throws: `ModelError` with format `crypto`: `ModelError.Reason.passwordRequired(_:)`
    ///   when no password is known for the class name, `ModelError.Reason.wrongPassword` when
    ///   the padding or the decrypted archive is wrong (the two cannot be told apart from a
    ///   damaged file), `ModelError.Reason.unsupported(_:)` for versions above 2 and for a
    ///   decrypted archive past the decode's `DecodingLimits` (it counts one level deeper and
    ///   shares the budget), and the keyed archive's errors for a damaged outer archive.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        let outer = try KeyedArchiveCodec().decodeTree(from: data)
        guard outer[TypedTree.classKey] == .string(Self.archiveClass) else { return outer }
        let fields = try ArchiveFields(outer)
        guard let password = passwords.password(for: fields.className) else {
            throw ModelError(
                .passwordRequired("the CryptoArchive holds \(fields.className ?? "an object") and no password is known for it"),
                format: format.rawValue)
        }
        let plaintext = try CryptoCoding.decrypt(
            fields.cypher, password: password, iv: fields.iv, salt: fields.salt, version: fields.version)
        do {
            // The decrypted archive is a part of this decode: one level deeper, within what is
            // left of its limits.
            return try DecodingLimits.decodeNested(inputOf: data.count, after: outer, format: format.rawValue) {
                () throws(ModelError) -> ModelValue in
                try KeyedArchiveCodec().decodeTree(from: plaintext)
            }
        } catch where DecodingLimits.isExceeded(error.reason) {
            // An archive that reads far enough to reach a limit was decrypted with the right password.
            throw error
        } catch {
            // Padding validates by chance about once in 256 wrong passwords.
            throw ModelError(.wrongPassword, excerpt: "the decrypted bytes are not a keyed archive", format: format.rawValue)
        }
    }

    /// Encrypts a typed tree as a version 2 CryptoArchive with a fresh IV and salt.
    ///
    /// - Throws: `ModelError.Reason.passwordRequired(_:)` when no password is known for the
    ///   root's type, and the keyed archive's errors.
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        try encodeTree(tree, iv: SecureRandom.bytes(CryptoCoding.ivByteCount), salt: SecureRandom.bytes(CryptoCoding.saltByteCount))
    }

    /// Encrypts with a given IV and salt (for known-answer tests; use fresh random ones otherwise).
    ///
    /// - Throws: as ``encodeTree(_:)``.
    func encodeTree(_ tree: ModelValue, iv: Data, salt: Data) throws(ModelError) -> Data {
        let className = Self.className(of: tree)
        guard let password = passwords.password(for: className) else {
            throw ModelError(.passwordRequired("no password is known for \(className)"), format: format.rawValue)
        }
        let plaintext = try KeyedArchiveCodec().encodeTree(tree)
        let cypher = try CryptoCoding.encrypt(plaintext, password: password, iv: iv, salt: salt)
        let archive: ModelValue = [
            TypedTree.classKey: .string(Self.archiveClass),
            "iv": .data(iv), "salt": .data(salt), "cypher": .data(cypher),
            "className": .string(className), "version": .double(CryptoCoding.currentVersion),
        ]
        return try KeyedArchiveCodec().encodeTree(archive)
    }

    /// The root's `$class`, or the Foundation class an untyped root is archived as.
    static func className(of tree: ModelValue) -> String {
        if case .string(let name)? = tree[TypedTree.classKey] { return name }
        switch tree {
        case .dictionary: return "NSDictionary"
        case .array: return "NSArray"
        case .string: return "NSString"
        case .data: return "NSData"
        case .date: return "NSDate"
        default: return "NSNumber"
        }
    }
}

/// The fields of a decoded `CryptoArchive`, checked.
private struct ArchiveFields {
    let iv: Data
    let salt: Data
    let cypher: Data
    let className: String?
    let version: Double

    init(_ archive: ModelValue) throws(ModelError) {
        func data(_ key: String) throws(ModelError) -> Data {
            guard case .data(let bytes)? = archive[key] else {
                throw ModelError(
                    .typeMismatch(expected: "data", found: archive[key]?.kindName ?? "nothing"),
                    path: ModelPath([.key(key)]), format: ModelFormat.cryptoCoding.rawValue)
            }
            return bytes
        }
        iv = try data("iv")
        salt = try data("salt")
        cypher = try data("cypher")
        if case .string(let name)? = archive["className"] { className = name } else { className = nil }
        switch archive["version"] {
        case .double(let value)?: version = value
        case .integer(let value)?: version = Double(value)
        case .unsignedInteger(let value)?: version = Double(value)
        case nil, .null?: version = 0
        case let other?:
            throw ModelError(
                .typeMismatch(expected: "number", found: other.kindName), path: ModelPath([.key("version")]),
                format: ModelFormat.cryptoCoding.rawValue)
        }
    }
}
