import Foundation

/// The default secure store of a model type.
enum SecureStores {
    /// The store for the type named `typeName`: on Apple platforms a ``KeychainStore`` with the
    /// service `<bundle identifier or process name>.<typeName>`; elsewhere a ``FileVault`` with the
    /// service `typeName` in the current `ModelLocations.applicationSupport` folder (which is
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
    static func store<M: Model>(for type: M.Type) -> any SecureItemStore {
        (type as? any SecureStoredModel.Type)?.secureStore.items ?? defaultStore(for: type.typeName)
    }
}
