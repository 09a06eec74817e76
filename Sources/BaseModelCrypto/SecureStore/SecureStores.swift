import Foundation

/// The default secure store of a model type.
enum SecureStores {
    /// The store for the type named `typeName`: on Apple platforms a ``KeychainStore`` with the
    /// service `<bundle identifier or process name>.<typeName>`; elsewhere a ``FileVault`` with the
    /// service `typeName` in the current ``ModelLocations/applicationSupport`` folder (which is
    /// already per application).
    static func defaultStore(for typeName: String) -> any SecureItemStore {
        #if canImport(Security)
        let prefix = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        return KeychainStore(service: "\(prefix).\(typeName)")
        #else
        return FileVault(service: typeName)
        #endif
    }

    /// The store `type` saves to: its own when it is a ``SecureStoredModel``, else the default.
    ///
    /// - Throws: ``ModelError`` when the type names a store that is not one of the library's.
    static func store<M: Model>(for type: M.Type) throws(ModelError) -> any SecureItemStore {
        guard let chosen = (type as? any SecureStoredModel.Type)?.secureStore else { return defaultStore(for: type.typeName) }
        guard let store = chosen as? any SecureItemStore else {
            throw ModelError(
                .unsupported("\(type.typeName).secureStore is not a KeychainStore or a FileVault"),
                format: ModelFormat.keychain.rawValue)
        }
        return store
    }
}
