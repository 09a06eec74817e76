import Foundation

extension Model {
    /// The defaults this type saves into: ``userDefaultsSuite``, or the standard defaults.
    static func userDefaults() throws(ModelError) -> UserDefaults {
        guard let suite = userDefaultsSuite else { return .standard }
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw ModelError(.unsupported("cannot open the user-defaults suite \"\(suite)\""), format: ModelFormat.userDefaults.rawValue)
        }
        return defaults
    }

    /// Stores one defaults key per codable property (its remote top-level key), as BaseModel's
    /// `save` did, and — unlike the original — removes the keys of properties that are now `nil`.
    /// Synchronizes, since on Linux nothing is written otherwise.
    ///
    /// - Throws: ``ModelError`` when the model cannot be encoded.
    func saveToUserDefaults() throws(ModelError) {
        let defaults = try Self.userDefaults()
        guard case .dictionary(let entries) = try treeRepresentation() else {
            throw ModelError(.unsupported("\(Self.typeName) does not encode to a dictionary"), format: ModelFormat.userDefaults.rawValue)
        }
        for key in Self.userDefaultsKeys {
            if let value = entries[key], !value.isNull {
                defaults.set(value.foundationValue, forKey: key)
            } else {
                defaults.removeObject(forKey: key)
            }
        }
        defaults.synchronize()
    }

    /// The tree of the type's keys found in its defaults: only the model's own keys, never the
    /// rest of the domain (BaseModel read every key of the standard defaults).
    static func treeFromUserDefaults() throws(ModelError) -> ModelValue? {
        let defaults = try userDefaults()
        var entries: [String: Any] = [:]
        for key in userDefaultsKeys {
            if let value = defaults.object(forKey: key) { entries[key] = value }
        }
        return entries.isEmpty ? nil : try ModelValue(foundation: entries)
    }

    /// The top-level remote keys of the codable properties.
    static var userDefaultsKeys: [String] { storedPropertyKeys }
}
