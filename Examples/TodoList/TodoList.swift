import BaseModelMacros
import Foundation
import Observation

/// The list: a shared instance seeded from the bundled `TodoList.plist` (a bare array of four
/// strings, as in BaseModel's BasicTodoList) and saved after every change. `@Observable`: code
/// that reads `items` inside `withObservationTracking` (or a SwiftUI view) is told when it
/// changes, and the file still holds `items`, never `@Observable`'s `_items` storage.
@Model @Observable final class TodoList: SharedModel, @unchecked Sendable {
    var items: [TodoItem] = []

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
