import Crypto
import Foundation

/// A secure store in an encrypted file: the keychain's stand-in on Linux (and usable
/// anywhere).
///
/// Each service is one file, `<folder>/<service>.vault`, mode 0600, in a folder of mode 0700
/// (default: `SecureStore` inside `ModelLocations.applicationSupport`). The file is the magic
/// `BMVAULT1`, a 12-byte nonce, and a binary plist of `account → bytes` sealed with AES-256-GCM;
/// the magic and the service name are authenticated too, so a vault renamed to another service
/// does not open. The key is the caller's, or 32 random bytes in `<folder>/vault.key` (mode 0600,
/// created on first use).
///
/// Every change reads, changes and rewrites the whole file under an exclusive `flock`, then
/// renames a new file into place: concurrent writers (tasks or processes) lose nothing, and a
/// reader sees the old vault or the new one. A vault that cannot be opened (damaged, wrong key)
/// is a typed error and is never replaced. GCM cannot tell a wrong key from damaged bytes, so a
/// vault that fails authentication reports ``CryptoError/wrongPassword`` and is never moved
/// aside either: the right key may still open it.
///
/// ```swift
/// struct Credentials: SecureStoredModel {
///     var token: String?
///     static var saveFormat: ModelFormat { .keychain }
///     static var secureStore: SecureStore { .fileVault(service: "TodoList") }
/// }
/// ```
///
/// What it protects against: the vault file alone leaking (a copied file, a backup without the
/// key file, another user on the machine, thanks to the modes), and changes to it (they are
/// detected). What it does not: anyone who can read the key file — by default it sits beside the
/// vault, readable by the same user — so malware running as the user reads the secrets. Supply a
/// key from somewhere safer (a hardware token, a key derived from a password) for more.
struct FileVault: SecureItemStore {
    /// The service name.
    let service: String
    /// The folder holding the vault, its lock and (by default) the key file.
    let directory: URL
    private let suppliedKey: SendableKey?

    /// The vault file.
    var fileURL: URL { directory.appendingPathComponent(Self.fileName(for: service) + ".vault") }
    /// The key file used when no key is supplied.
    var keyFileURL: URL { directory.appendingPathComponent("vault.key") }
    private var lockPath: String { fileURL.path + ".lock" }

    static let magic = Data("BMVAULT1".utf8)
    /// The largest vault read: 16 MiB.
    static let maximumByteCount = 16 << 20

    /// Opens (lazily: nothing is touched until first use) the vault of `service`.
    ///
    /// - Parameters:
    ///   - service: the service name; any string (it is escaped for the file name).
    ///   - directory: default `SecureStore` in `ModelLocations.applicationSupport` as it is now.
    ///   - key: a 256-bit key; default: the key file's.
    init(service: String, directory: URL? = nil, key: SymmetricKey? = nil) {
        self.service = service
        self.directory = directory ?? ModelLocations.applicationSupport.appendingPathComponent("SecureStore", isDirectory: true)
        self.suppliedKey = key.map(SendableKey.init(key:))
    }

    /// The bytes of `account`'s item.
    ///
    /// - Throws: `ModelError`: `ModelError.Reason.wrongPassword` for a vault that does not open
    ///   with the key (the wrong key, another service's vault, or damage: they look alike),
    ///   `ModelError.Reason.truncated` or `ModelError.Reason.malformed(_:)` for a file that is not
    ///   a whole vault.
    func data(for account: String) throws(ModelError) -> Data? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        return try PosixFile.withLock(lockPath, mode: 0o600) { () throws(ModelError) in try readItems()[account] }
    }

    /// The accounts with items, sorted.
    ///
    /// - Throws: as ``data(for:)``.
    func accounts() throws(ModelError) -> [String] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        return try PosixFile.withLock(lockPath, mode: 0o600) { () throws(ModelError) in try readItems().keys.sorted() }
    }

    /// Applies `changes` (a `nil` value removes the item) in one atomic rewrite.
    ///
    /// - Throws: as ``data(for:)`` (the vault is then untouched), or when the file cannot be written.
    func update(_ changes: [String: Data?]) throws(ModelError) {
        try PosixFile.makeDirectory(directory, mode: 0o700)
        try PosixFile.withLock(lockPath, mode: 0o600) { () throws(ModelError) in
            var items = try readItems()
            for (account, value) in changes { items[account] = value }
            try PosixFile.replace(fileURL.path, data: try seal(items), mode: 0o600)
        }
    }

    /// Moves the items of `accounts` to tagged accounts in one rewrite; a file that is not a
    /// whole vault (truncated, not a vault at all) is moved aside whole instead, as
    /// `<service>.unreadable-<UTC time>.vault`, so the next write starts a new vault beside it.
    /// A vault that does not open with the key stays where it is: it may be sealed with
    /// another key, which a later run may have.
    ///
    /// - Throws: `ModelError` when neither can be done, or the vault does not open with the key
    ///   (``CryptoError/wrongPassword``) or without one (``CryptoError/passwordRequired``); the
    ///   vault is then untouched.
    func quarantine(accounts: [String], tag: String) throws(ModelError) -> String? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        return try PosixFile.withLock(lockPath, mode: 0o600) { () throws(ModelError) -> String? in
            let items: [String: Data]
            do throws(ModelError) {
                items = try readItems()
            } catch {
                // A missing or wrong key, or a failed read, says nothing about the vault's bytes:
                // keep it.
                if case .io = error.reason { throw error }
                if error.cryptoError == .passwordRequired || error.cryptoError == .wrongPassword { throw error }
                return try Quarantine.moveAside(fileURL, tag: tag).path
            }
            var changed = items
            for account in accounts {
                guard let bytes = items[account] else { continue }
                changed["\(account).\(tag)"] = bytes
                changed[account] = nil
            }
            guard changed != items else { return nil }
            try PosixFile.replace(fileURL.path, data: try seal(changed), mode: 0o600)
            return "items *.\(tag) of \(fileURL.path)"
        }
    }

    /// A 256-bit vault key from a password, by scrypt (N = 2^15, r = 8, p = 1).
    ///
    /// - Throws: `ModelError` when the derivation fails.
    static func deriveKey(password: String, salt: Data) throws(ModelError) -> SymmetricKey {
        try EnvelopeKDF.strong.masterKey(password: password, salt: salt)
    }

    // MARK: - The file

    private func readItems() throws(ModelError) -> [String: Data] {
        guard let bytes = try PosixFile.read(fileURL.path, limit: Self.maximumByteCount) else { return [:] }
        return try open(bytes)
    }

    private func additionalData() -> Data { Self.magic + Data(service.utf8) }

    private func seal(_ items: [String: Data]) throws(ModelError) -> Data {
        var tree: [String: ModelValue] = [:]
        for (account, value) in items { tree[account] = .data(value) }
        let plaintext = try BinaryPropertyListCodec().encodeTree(.dictionary(.init(uniqueKeysWithValues: tree.sorted { $0.key < $1.key })))
        do {
            let box = try AES.GCM.seal(plaintext, using: try key(creating: true), authenticating: additionalData())
            return Self.magic + box.nonce + box.ciphertext + box.tag
        } catch let error as ModelError {
            throw error
        } catch {
            throw ModelError(.unsupported("AES-GCM failed: \(error)"), format: ModelFormat.keychain.rawValue)
        }
    }

    private func open(_ bytes: Data) throws(ModelError) -> [String: Data] {
        let format = ModelFormat.keychain.rawValue
        guard bytes.starts(with: Self.magic) || bytes.count < Self.magic.count else {
            throw ModelError(.malformed("\(fileURL.path) is not a BaseModel vault"), format: format, offset: 0)
        }
        guard bytes.count >= Self.magic.count + 12 + 16 else { throw ModelError(.truncated, format: format, offset: bytes.count) }
        let body = bytes.dropFirst(Self.magic.count)
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: body)
            plaintext = try AES.GCM.open(box, using: try key(creating: false), authenticating: additionalData())
        } catch let error as ModelError {
            throw error
        } catch {
            // GCM cannot tell a wrong key from damage: the key does not open these bytes.
            throw ModelError(
                .wrongPassword, excerpt: "(\(fileURL.lastPathComponent) is sealed with another key or for another service, or damaged)",
                format: format)
        }
        guard case .dictionary(let entries) = try BinaryPropertyListCodec().decodeTree(from: plaintext) else {
            throw ModelError(.malformed("the vault's contents are not a dictionary"), format: format)
        }
        var items: [String: Data] = [:]
        for (account, value) in entries {
            guard case .data(let data) = value else {
                throw ModelError(.typeMismatch(expected: "data", found: value.kindName), path: ModelPath([.key(account)]), format: format)
            }
            items[account] = data
        }
        return items
    }

    /// The supplied key, else the key file's (created when `creating` and missing).
    private func key(creating: Bool) throws(ModelError) -> SymmetricKey {
        if let suppliedKey { return suppliedKey.key }
        let path = keyFileURL.path
        if creating, try PosixFile.read(path, limit: 64) == nil {
            try PosixFile.makeDirectory(directory, mode: 0o700)
            _ = try PosixFile.createOnce(path, data: SecureRandom.bytes(32), mode: 0o600)
        }
        guard let bytes = try PosixFile.read(path, limit: 64) else {
            throw ModelError(.passwordRequired("the vault key file \(path) is missing"), format: ModelFormat.keychain.rawValue)
        }
        guard bytes.count == 32 else {
            throw ModelError(.malformed("the vault key file \(path) does not hold 32 bytes"), format: ModelFormat.keychain.rawValue)
        }
        return SymmetricKey(data: bytes)
    }

    /// The service as a file name: letters, digits, `.`, `-` and `_` kept, other bytes `%XX`.
    static func fileName(for service: String) -> String {
        var name = ""
        for byte in service.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: ".") where !name.isEmpty:
                name.append(".")
            default:
                name += String(format: "%%%02X", byte)
            }
        }
        return name.isEmpty ? "%" : name
    }
}
