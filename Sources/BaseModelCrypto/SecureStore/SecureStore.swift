import Foundation

/// A place for secrets: items of bytes named by an account, under one service name — FXKeychain's
/// model of the keychain. A ``SecureStoredModel`` names the one its ``ModelFormat/keychain``
/// saves go to.
///
/// Two stores come with the library, and only these two are secure stores: ``KeychainStore`` (the
/// Security framework's keychain, on Apple platforms) and ``FileVault`` (an encrypted file per
/// service, for Linux). The `keychain` format keeps one item per codable property of a model in
/// one.
///
/// ```swift
/// static var secureStore: any SecureStore { FileVault(service: "com.example.credentials") }
/// ```
public protocol SecureStore: Sendable {}

/// The items of a secure store: what the keychain format reads and writes.
protocol SecureItemStore: SecureStore {
    /// The service name the items live under.
    var service: String { get }

    /// The bytes stored for `account`, or `nil` when there is no such item.
    ///
    /// - Throws: ``ModelError`` when the store exists but cannot be read (a damaged vault, a
    ///   keychain error).
    func data(for account: String) throws(ModelError) -> Data?

    /// Stores each non-nil value under its account and removes the items whose value is `nil`,
    /// as one change where the store can (the file vault writes once, atomically).
    ///
    /// - Throws: ``ModelError`` when the store cannot be read or written; a damaged vault is
    ///   never replaced.
    func update(_ changes: [String: Data?]) throws(ModelError)

    /// The accounts that have items, sorted.
    ///
    /// - Throws: ``ModelError`` when the store cannot be read.
    func accounts() throws(ModelError) -> [String]

    /// Moves the items of `accounts` to `<account>.<tag>` (`token.unreadable-20261125T063513Z`)
    /// so no save replaces them, as one change where the store can; a store that cannot be read
    /// at all moves what it can as a whole (the file vault moves its file aside).
    ///
    /// - Returns: Where the items went, for a person; `nil` when there were none.
    /// - Throws: ``ModelError`` when they cannot be moved; they are then where they were.
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
    /// - Throws: ``ModelError`` when the store cannot be read or the item is not a value.
    func value(for account: String) throws(ModelError) -> ModelValue? {
        try data(for: account).map { (bytes) throws(ModelError) in try SecureItemCoding.decode(bytes) }
    }

    /// Stores `value` for `account` by FXKeychain's rule; `nil` removes the item.
    ///
    /// - Throws: ``ModelError`` when the value cannot be encoded or the store written.
    func setValue(_ value: ModelValue?, for account: String) throws(ModelError) {
        try update([account: try value.map { (value) throws(ModelError) in try SecureItemCoding.encode(value) }])
    }
}
