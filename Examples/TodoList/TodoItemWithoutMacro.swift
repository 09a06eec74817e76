import BaseModel

// TodoItem.swift without the model macro, under another name: TodoListTests checks both read
// the bundled list alike.

/// `TodoItem` without the macro: `Codable` is synthesized and the schema is found at run time.
struct TodoItemWithoutMacro: Model, Equatable {
    var label = ""
    var checked = false

    static func make(from value: ModelValue) -> TodoItemWithoutMacro? {
        guard case .string(let label) = value else { return nil }
        return TodoItemWithoutMacro(label: label)
    }
}
