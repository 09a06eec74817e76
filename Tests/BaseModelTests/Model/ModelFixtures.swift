@testable import BaseModel
import Foundation

/// The models the Model/ suites share. They live in a namespace so that their unqualified names
/// (what ``Model/typeName`` and `debugDescription` show) can be the originals' names, `TodoItem`
/// and `TodoList`, without clashing with other test files.
enum ModelFixtures {
    /// BaseModel's TodoItem: a label and a checked flag, built from a bare string
    /// (`setWithString:`).
    struct TodoItem: Model, Equatable, CustomDebugStringConvertible {
        var label = ""
        var checked = false

        static func make(from value: ModelValue) throws -> TodoItem? {
            guard case .string(let label) = value else { return nil }
            return TodoItem(label: label)
        }
    }

    /// BaseModel's TodoList: built from a bare array of strings (`setWithArray:` calling
    /// `TodoItem instancesWithArray:`).
    final class TodoList: Model, CustomDebugStringConvertible {
        var items: [TodoItem] = []

        init() {}

        static func make(from value: ModelValue) throws -> TodoList? {
            guard case .array = value else { return nil }
            let list = TodoList()
            list.items = try TodoItem.instances(array: value)
            return list
        }
    }

    /// The four strings of BasicTodoList's resource file (ORIGINALS §1.17).
    static let seedLabels = ["Do washing", "Mow lawn", "Write an open source library", "Feed the cat"]

    /// A struct covering every kind of value, nil optionals and an uncodable property.
    struct Profile: Model, Equatable, CustomDebugStringConvertible {
        var name = ""
        var nickname: String?
        var age = 0
        var score = 0.0
        var active = false
        var joined: Date?
        var avatar: Data?
        var tags: [String] = []
        var limits: [String: Int] = [:]
        var cache: [String: String] = ["warm": "yes"]

        static let keyPaths: [String: RemoteKeyPath] = ["name": "full_name", "age": "stats.age"]
        static let uncodableKeys: Set<String> = ["cache"]
    }

    /// Class models with nested class models, for deep copies.
    final class Leaf: Model {
        var value = 0
        init() {}
    }

    final class Branch: Model {
        var name = ""
        var leaf = Leaf()
        var optionalLeaf: Leaf?
        var leaves: [Leaf] = []
        var scratch = "unsaved"
        init() {}

        static let uncodableKeys: Set<String> = ["scratch"]
    }

    /// A base class model whose mapping a subclass extends.
    class Animal: Model {
        var name = ""
        var legs = 4

        required init() {}

        class var keyPaths: [String: RemoteKeyPath] { ["name": "animal_name"] }
    }

    /// A subclass adding its own keys and key paths, merging its superclass's.
    final class Dog: Animal {
        var breed = "mixed"
        var goodBoy = true

        private enum CodingKeys: String, CodingKey {
            case breed, goodBoy
        }

        required init() { super.init() }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            breed = try container.decode(String.self, forKey: .breed)
            goodBoy = try container.decode(Bool.self, forKey: .goodBoy)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
            try container.encode(goodBoy, forKey: .goodBoy)
        }

        override class var keyPaths: [String: RemoteKeyPath] {
            super.keyPaths.merging(["breed": "dog_breed"]) { _, own in own }
        }
    }

    /// Defaults that matter: a nested model, an optional with a non-nil default, a fresh
    /// identifier per instance.
    struct Settings: Model, Equatable {
        var id = UUID().uuidString
        var theme = "dark"
        var fontSize = 12
        var nickname: String? = "anon"
        var account = Account()
        var backup = Account(plan: "pro", seats: 3)
    }

    struct Account: Model, Equatable {
        var plan = "free"
        var seats = 1
    }
}
