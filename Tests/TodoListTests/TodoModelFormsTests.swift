@testable import BaseModel
import Foundation
import Testing
@testable import TodoList

/// The example's models with the macro (`TodoList`, `TodoItem`) and without it
/// (`TodoListWithoutMacro`, `TodoItemWithoutMacro`) read the bundled `TodoList.plist` (a bare
/// array of four strings) to equal values and write the same files.
@Suite struct TodoModelFormsTests {
    static let seeded = ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"]

    static func bundledList() throws -> URL {
        try #require(TodoList.resourceBundle.url(forResource: "TodoList", withExtension: "plist"))
    }

    @Test func bothFormsReadTheBundledListToEqualValues() throws {
        let withMacro = try TodoList(contentsOf: Self.bundledList())
        let withoutMacro = try TodoListWithoutMacro(contentsOf: Self.bundledList())
        #expect(withMacro.items.map(\.label) == Self.seeded)
        #expect(withMacro.items.map(\.label) == withoutMacro.items.map(\.label))
        #expect(withMacro.items.map(\.checked) == withoutMacro.items.map(\.checked))
        #expect(try withMacro.treeRepresentation() == withoutMacro.treeRepresentation())
        // Only the macro form skips `Decoder`/`Encoder` containers.
        #expect((TodoList.self as Any.Type) is any GeneratedCoding.Type)
        #expect(!((TodoListWithoutMacro.self as Any.Type) is any GeneratedCoding.Type))
    }

    @Test(arguments: [ModelFormat.json, .xmlPropertyList, .hrJSON, .keyedArchive, .fast])
    func bothFormsWriteItemsNeverTheObservableStorage(format: ModelFormat) throws {
        let withMacro = try TodoList(contentsOf: Self.bundledList())
        withMacro.items[1].checked = true
        let withoutMacro = try TodoListWithoutMacro(object: withMacro.treeRepresentation())
        for data in [try withMacro.data(format: format), try withoutMacro.data(format: format)] {
            #expect(data.range(of: Data("items".utf8)) != nil)
            #expect(data.range(of: Data("_items".utf8)) == nil)
            #expect(data.range(of: Data("observationRegistrar".utf8)) == nil)
        }
        let again = try TodoList(data: withMacro.data(format: format))
        #expect(again.items == withMacro.items)
    }

    @Test func theSharedListIsSeededFromTheBundledList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TodoModelFormsTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModelLocations.withApplicationSupport(folder) {
            try TodoListWithoutMacro.reloadSharedInstance()
            #expect(TodoListWithoutMacro.shared.items.map(\.label) == Self.seeded)
        }
    }
}
