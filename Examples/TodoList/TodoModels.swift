import BaseModelCrypto
import Foundation
import Synchronization

/// One entry of the list: BaseModel's TodoItem, built from a bare string as `setWithString:` did.
struct TodoItem: Model, Equatable {
    var label = ""
    var checked = false

    static func make(from value: ModelValue) -> TodoItem? {
        guard case .string(let label) = value else { return nil }
        return TodoItem(label: label)
    }
}

/// The list: a shared instance seeded from the bundled `TodoList.plist` (a bare array of four
/// strings, as in BaseModel's BasicTodoList) and saved after every change.
final class TodoList: SharedModel, @unchecked Sendable {
    var items: [TodoItem] = []

    required init() {}

    /// The resource is a bare array: build the list from it, as `setWithArray:` did.
    static func make(from value: ModelValue) throws -> TodoList? {
        guard case .array = value else { return nil }
        let list = TodoList()
        list.items = try TodoItem.instances(array: value)
        return list
    }

    static var resourceBundle: Bundle { .module }

    /// One file name for every format: loading detects the format from the bytes.
    static var saveFile: String { "TodoList.plist" }

    static var saveFormat: ModelFormat { TodoSettings.format.withLock { $0 } }
}

/// The save format chosen on the command line.
enum TodoSettings {
    static let format = Mutex<ModelFormat>(.keyedArchive)
}
