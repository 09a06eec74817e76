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
/// One reader and one writer (`GraphCodec`): the decrypted archive is read into the keyed
/// archive's graph (shared objects and containers, cycles, mutable classes), and written through
/// the keyed archive's writer, sealed when it is done (`SealedArchiveWriter`).
///
/// The password comes from ``passwords`` with the archive's `className` (the model's type name):
/// by default the ``EncryptedModel/password`` of the type registered under that name.
///
/// What it protects against: someone reading the file. What it does not: someone changing it —
/// there is no MAC, so a damaged or altered file can fail as a wrong password or, with bytes
/// chosen on purpose, decrypt to different data. Use ``EnvelopeCodec`` (`ModelFormat.encrypted`)
/// for new files.
struct CryptoCodingCodec: GraphCodec {
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

    /// What a file holds: a plain keyed archive (its tree), or a CryptoArchive's decrypted archive
    /// with the outer archive's tree.
    private enum Content {
        case plain(ModelValue)
        case decrypted(archive: Data, outer: ModelValue)
    }

    /// Opens the file: decrypts a CryptoArchive's cypher, and checks that it is a keyed archive.
    ///
    /// - Throws: `ModelError` with format `crypto` as ``decodeTree(from:)`` describes, but for
    ///   the decrypted archive's own errors, which come when it is read.
    private func open(_ data: Data) throws(ModelError) -> Content {
        let outer = try KeyedArchiveCodec().decodeTree(from: data)
        guard outer[TypedTree.classKey] == .string(Self.archiveClass) else { return .plain(outer) }
        let fields = try ArchiveFields(outer)
        guard let password = passwords.password(for: fields.className) else {
            throw ModelError(
                .passwordRequired("the CryptoArchive holds \(fields.className ?? "an object") and no password is known for it"),
                format: format.rawValue)
        }
        let plaintext = try CryptoCoding.decrypt(
            fields.cypher, password: password, iv: fields.iv, salt: fields.salt, version: fields.version)
        // Padding validates by chance about once in 256 wrong passwords; the bytes are then not
        // even the start of a keyed archive. An archive that is damaged inside was decrypted with
        // the right password, and reading it says what is wrong, and where.
        guard KeyedArchiveCodec().confidence(for: plaintext) != nil else {
            throw ModelError(.wrongPassword, excerpt: "the decrypted bytes are not a keyed archive", format: format.rawValue)
        }
        return .decrypted(archive: plaintext, outer: outer)
    }

    /// Reads the decrypted archive as a part of this decode: one level deeper, within what is
    /// left of its limits.
    private func readNested<T>(
        _ archive: Data, of data: Data, after outer: ModelValue, _ read: (Data) throws(ModelError) -> T
    ) throws(ModelError) -> T {
        try DecodingLimits.decodeNested(inputOf: data.count, after: outer, format: format.rawValue) { () throws(ModelError) -> T in
            try read(archive)
        }
    }

    /// Decrypts a CryptoArchive into the graph of its keyed archive (shared objects and
    /// containers, cycles, mutable classes); a plain keyed archive's graph is returned as it is.
    ///
    /// - Throws: as ``decodeTree(from:)``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        switch try open(data) {
        case .plain: try KeyedArchiveCodec().readGraph(from: data)
        case .decrypted(let archive, let outer):
            try readNested(archive, of: data, after: outer) { bytes throws(ModelError) in try KeyedArchiveCodec().readGraph(from: bytes) }
        }
    }

    /// Decrypts a CryptoArchive into its keyed archive's typed tree (an object met again is
    /// `{"$alias": …}`); a plain keyed archive's tree is returned as it is.
    ///
    /// - Throws: `ModelError` with format `crypto`: `ModelError.Reason.passwordRequired(_:)`
    ///   when no password is known for the class name, `ModelError.Reason.wrongPassword` when
    ///   the padding is wrong or the decrypted bytes are not a keyed archive (a damaged cypher
    ///   cannot be told apart from a wrong password), `ModelError.Reason.unsupported(_:)` for
    ///   versions above 2 and for a decrypted archive past the decode's `DecodingLimits` (it
    ///   counts one level deeper and shares the budget); the keyed archive's errors, with format
    ///   `keyed-archive`, for a damaged outer archive and for a decrypted archive that is
    ///   damaged inside.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        switch try open(data) {
        case .plain(let tree): tree
        case .decrypted(let archive, let outer):
            try readNested(archive, of: data, after: outer) { bytes throws(ModelError) in try KeyedArchiveCodec().decodeTree(from: bytes) }
        }
    }

    /// A writer of one version 2 CryptoArchive with a fresh IV and salt: a keyed archive
    /// (sharing, cycles and a graph's mutable classes kept), encrypted when it is done.
    func makeWriter() -> any DocumentWriter {
        SealedArchiveWriter { archive, className throws(ModelError) in
            try seal(archive, className: className, iv: SecureRandom.bytes(CryptoCoding.ivByteCount),
                     salt: SecureRandom.bytes(CryptoCoding.saltByteCount))
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
        try StackReserve.run { () throws(ModelError) -> Data in
            let writer = SealedArchiveWriter { archive, className throws(ModelError) in
                try seal(archive, className: className, iv: iv, salt: salt)
            }
            writer.writeTree(tree)
            return try writer.finish()
        }
    }

    /// The CryptoArchive of a keyed archive whose root is of class `className`.
    ///
    /// - Throws: `ModelError.Reason.passwordRequired(_:)` when no password is known for
    ///   `className`.
    private func seal(_ archive: Data, className: String, iv: Data, salt: Data) throws(ModelError) -> Data {
        guard let password = passwords.password(for: className) else {
            throw ModelError(.passwordRequired("no password is known for \(className)"), format: format.rawValue)
        }
        let cypher = try CryptoCoding.encrypt(archive, password: password, iv: iv, salt: salt)
        let outer: ModelValue = [
            TypedTree.classKey: .string(Self.archiveClass),
            "iv": .data(iv), "salt": .data(salt), "cypher": .data(cypher),
            "className": .string(className), "version": .double(CryptoCoding.currentVersion),
        ]
        return try KeyedArchiveCodec().encodeTree(outer)
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
