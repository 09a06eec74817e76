import Crypto
import Foundation

/// A place for secrets: items of bytes named by an account, under one service name — FXKeychain's
/// model of the keychain. A ``SecureStoredModel`` names the one its `ModelFormat.keychain`
/// saves go to; the `keychain` format keeps one item per codable property of a model in it.
///
/// Two kinds come with the library: `keychain(service:accessGroup:)` (the Security framework's
/// keychain, on Apple platforms) and ``fileVault(service:directory:key:)`` (an encrypted file per
/// service, for Linux and anywhere else).
///
/// ```swift
/// static var secureStore: SecureStore { .fileVault(service: "com.example.credentials") }
/// ```
public struct SecureStore: Sendable {
    /// The store the items live in.
    let items: any SecureItemStore

    /// A store in an encrypted file: the keychain's stand-in on Linux (and usable anywhere).
    ///
    /// Each service is one file, `<directory>/<service>.vault`, mode 0600, in a folder of mode
    /// 0700, sealed with AES-256-GCM (the service name authenticated too, so a vault renamed to
    /// another service does not open). Nothing is touched until first use. Every change rewrites
    /// the whole file under an exclusive lock and renames it into place, so concurrent writers
    /// lose nothing and a reader sees the old vault or the new one; a vault that cannot be opened
    /// (damaged, wrong key) is a typed error and is never replaced.
    ///
    /// What it protects against: the vault file alone leaking, and changes to it. What it does
    /// not: anyone who can read the key file, which by default sits beside the vault; supply a
    /// key from somewhere safer for more.
    ///
    /// - Parameters:
    ///   - service: The service name; any string (it is escaped for the file name).
    ///   - directory: Default: `SecureStore` in `ModelLocations.applicationSupport`
    ///     as it is when the store is made.
    ///   - key: A 256-bit key; default: 32 random bytes in `<directory>/vault.key` (mode 0600,
    ///     created on first use).
    public static func fileVault(service: String, directory: URL? = nil, key: SymmetricKey? = nil) -> SecureStore {
        SecureStore(items: FileVault(service: service, directory: directory, key: key))
    }

    #if canImport(Security)
    /// A store in the Security framework's keychain (Apple platforms): one generic-password item
    /// per account under the service name, as FXKeychain kept them, readable after the first
    /// unlock (so a background task can read them).
    ///
    /// What it protects against: other apps and other users reading the secrets. What it does
    /// not: code running inside this app, or anyone with the unlocked device.
    ///
    /// - Parameters:
    ///   - service: The service name.
    ///   - accessGroup: The keychain access group; `nil` for the app's own.
    public static func keychain(service: String, accessGroup: String? = nil) -> SecureStore {
        SecureStore(items: KeychainStore(service: service, accessGroup: accessGroup))
    }
    #endif
}

/// The items of a secure store: what the keychain format reads and writes.
protocol SecureItemStore: Sendable {
    /// The service name the items live under.
    var service: String { get }

    /// The bytes stored for `account`, or `nil` when there is no such item.
    ///
    /// - Throws: `ModelError` when the store exists but cannot be read (a damaged vault, a
    ///   keychain error).
    func data(for account: String) throws(ModelError) -> Data?

    /// Stores each non-nil value under its account and removes the items whose value is `nil`,
    /// as one change where the store can (the file vault writes once, atomically).
    ///
    /// - Throws: `ModelError` when the store cannot be read or written; a damaged vault is
    ///   never replaced.
    func update(_ changes: [String: Data?]) throws(ModelError)

    /// The accounts that have items, sorted.
    ///
    /// - Throws: `ModelError` when the store cannot be read.
    func accounts() throws(ModelError) -> [String]

    /// Moves the items of `accounts` to `<account>.<tag>` (`token.unreadable-20261125T063513Z`)
    /// so no save replaces them, as one change where the store can; a store that cannot be read
    /// at all moves what it can as a whole (the file vault moves its file aside).
    ///
    /// - Returns: Where the items went, for a person; `nil` when there were none.
    /// - Throws: `ModelError` when they cannot be moved; they are then where they were.
    func quarantine(accounts: [String], tag: String) throws(ModelError) -> String?
}

extension SecureItemStore {
    /// Reads each item and writes it back under its tagged account, removing the original, in
    /// one ``update(_:)``.
    func quarantine(accounts: [String], tag: String) throws(ModelError) -> String? {
        var changes: [String: Data?] = [:]
        for account in accounts {
            guard let bytes = try data(for: account) else { continue }
            changes["\(account).\(tag)"] = .some(bytes)
            changes[account] = .some(nil)
        }
        guard !changes.isEmpty else { return nil }
        try update(changes)
        return "items *.\(tag) of \(service)"
    }

    /// The value stored for `account`, decoded by FXKeychain's rule (strings as UTF-8, other values as binary property lists).
    ///
    /// - Throws: `ModelError` when the store cannot be read or the item is not a value.
    func value(for account: String) throws(ModelError) -> ModelValue? {
        try data(for: account).map { (bytes) throws(ModelError) in try SecureItemCoding.decode(bytes) }
    }

    /// Stores `value` for `account` by FXKeychain's rule; `nil` removes the item.
    ///
    /// - Throws: `ModelError` when the value cannot be encoded or the store written.
    func setValue(_ value: ModelValue?, for account: String) throws(ModelError) {
        try update([account: try value.map { (value) throws(ModelError) in try SecureItemCoding.encode(value) }])
    }
}
