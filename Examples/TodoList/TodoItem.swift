import BaseModelMacros

/// One entry of the list: BaseModel's TodoItem, built from a bare string as `setWithString:` did.
@Model struct TodoItem: Equatable {
    var label = ""
    var checked = false

    static func make(from value: ModelValue) -> TodoItem? {
        guard case .string(let label) = value else { return nil }
        return TodoItem(label: label)
    }
}
