/// A row's primary key: the model's type name and identifier.
struct RowKey: Hashable, Sendable {
    let type: String
    let id: ModelIdentifier

    /// The identifier as the `id` text column holds it.
    var idText: String {
        switch id {
        case .string(let string): string
        case .integer(let integer): String(integer)
        }
    }

    /// Whether the identifier is an integer (the `integer_id` column).
    var isInteger: Bool {
        if case .integer = id { return true }
        return false
    }

    /// The identifier the `id` and `integer_id` columns hold, or `nil` when they disagree.
    static func identifier(text: String, isInteger: Bool) -> ModelIdentifier? {
        guard isInteger else { return .string(text) }
        return Int64(text).map { .integer($0) }
    }
}
