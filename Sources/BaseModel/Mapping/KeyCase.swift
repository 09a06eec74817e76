/// How a model's property names are spelled in its input.
///
/// The strategy applies to a model's own keys and to the keys of plain `Codable` values nested in
/// it; it never touches the keys of a `[String: Value]` dictionary property, which are data.
/// An explicit entry in ``Model/keyPaths`` wins over the strategy.
public enum KeyCase: Sendable, Hashable {
    /// Keys are the property names (the default).
    case unchanged
    /// `screenName` is read from and written to `screen_name`.
    case snakeCase
    /// `screenName` is read from and written to `screen-name`.
    case kebabCase
    /// `screenName` is read from and written to `ScreenName`.
    case pascalCase

    /// The remote spelling of a property name.
    package func remoteKey(for propertyName: String) -> String {
        switch self {
        case .unchanged: propertyName
        case .snakeCase: KeyCase.separated(propertyName, by: "_")
        case .kebabCase: KeyCase.separated(propertyName, by: "-")
        case .pascalCase: propertyName.prefix(1).uppercased() + propertyName.dropFirst()
        }
    }

    /// Splits camelCase words and joins them lower-cased: `userID` → `user_id`,
    /// `URLString` → `url_string`, `createdAt2` → `created_at2`.
    private static func separated(_ name: String, by separator: Character) -> String {
        let characters = Array(name)
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result.append(separator)
                }
            }
            result += character.lowercased()
        }
        return result
    }
}
