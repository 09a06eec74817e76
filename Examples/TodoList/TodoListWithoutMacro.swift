import BaseModel
import Foundation
import Observation

// TodoList.swift without the model macro, under another name: the same files and the same
// values (TodoListTests checks both read the bundled list alike).

/// `TodoList` without the macro. `@Observable` renames the stored property to `_items`, and
/// synthesized `Codable` would write that name: the coding keys map it back to `items`.
@Observable final class TodoListWithoutMacro: SharedModel, @unchecked Sendable {
    var items: [TodoItemWithoutMacro] = []

    required init() {}

    enum CodingKeys: String, CodingKey {
        case _items = "items"
    }

    static func make(from value: ModelValue) throws -> TodoListWithoutMacro? {
        guard case .array = value else { return nil }
        let list = TodoListWithoutMacro()
        list.items = try TodoItemWithoutMacro.instances(array: value)
        return list
    }

    static var resourceBundle: Bundle { .module }
    static var resourceFile: String { "TodoList.plist" }
    static var saveFile: String { "TodoList.plist" }
    static var saveFormat: ModelFormat { TodoSettings.format.withLock { $0 } }
}
