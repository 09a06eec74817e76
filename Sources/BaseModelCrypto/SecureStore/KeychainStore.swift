#if canImport(Security)
import Foundation
import Security

/// A secure store in the Security framework's keychain (Apple platforms): one generic-password
/// item per account under the service name, as FXKeychain kept them.
///
/// Items are accessible after the first unlock, so a background task can read them; FXKeychain
/// defaulted to "when unlocked".
///
/// ```swift
/// static var secureStore: SecureStore { .keychain(service: "com.example.app.TodoList") }
/// ```
///
/// What it protects against: other apps and other users reading the secrets. What it does not: code running
/// inside this app, or anyone with the unlocked device for items accessible after first unlock.
struct KeychainStore: SecureItemStore {
    /// When items can be read, FXKeychain's accessibility choices.
    enum Accessibility: Sendable {
        /// While the device is unlocked.
        case whenUnlocked
        /// After the first unlock since boot, until the next restart (the default).
        case afterFirstUnlock
        /// While unlocked, never restored to another device.
        case whenUnlockedThisDeviceOnly
        /// After first unlock, never restored to another device.
        case afterFirstUnlockThisDeviceOnly

        var attribute: CFString {
            switch self {
            case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            }
        }
    }

    /// The service name.
    let service: String
    /// The access group, or `nil` for the app's own.
    let accessGroup: String?
    /// When written items can be read.
    let accessibility: Accessibility

    /// A store for `service`; its items are readable after the first unlock.
    init(service: String, accessGroup: String? = nil) {
        self.init(service: service, accessGroup: accessGroup, accessibility: .afterFirstUnlock)
    }

    /// A store for `service` whose items are readable as `accessibility` says.
    init(service: String, accessGroup: String? = nil, accessibility: Accessibility) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
    }

    private func query(_ account: String? = nil) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    private func failure(_ operation: String, _ status: OSStatus) -> ModelError {
        let message = SecCopyErrorMessageString(status, nil) as String? ?? "status \(status)"
        return ModelError(.unsupported("keychain \(operation) failed: \(message)"), format: ModelFormat.keychain.rawValue)
    }

    /// The item's bytes, or `nil`.
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` with the keychain's message.
    func data(for account: String) throws(ModelError) -> Data? {
        var request = query(account)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw failure("read", status) }
        return result as? Data
    }

    /// Adds, updates or deletes each item in turn (the keychain has no transactions).
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` with the keychain's message.
    func update(_ changes: [String: Data?]) throws(ModelError) {
        for (account, value) in changes.sorted(by: { $0.key < $1.key }) {
            guard let value else {
                let status = SecItemDelete(query(account) as CFDictionary)
                guard status == errSecSuccess || status == errSecItemNotFound else { throw failure("delete", status) }
                continue
            }
            let attributes: [String: Any] = [kSecValueData as String: value, kSecAttrAccessible as String: accessibility.attribute]
            var status = SecItemUpdate(query(account) as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query(account).merging(attributes) { $1 } as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw failure("write", status) }
        }
    }

    /// The accounts with items, sorted.
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` with the keychain's message.
    func accounts() throws(ModelError) -> [String] {
        var request = query()
        request[kSecReturnAttributes as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitAll
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return [] }
        guard status == errSecSuccess else { throw failure("list", status) }
        let items = result as? [[String: Any]] ?? []
        return items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
    }
}
#endif
