@testable import BaseModel
import Foundation

/// Models whose properties hold subclasses chosen by a tag in the payload, declared without the
/// macro (static `polymorphism` tables).
enum PolymorphismFixtures {
    class Animal: Model, Equatable, @unchecked Sendable {
        var name = ""
        required init() {}
        init(name: String) { self.name = name }

        static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.isEqual(to: rhs) }
        func isEqual(to other: Animal) -> Bool { type(of: self) == type(of: other) && name == other.name }
    }

    final class Dog: Animal, @unchecked Sendable {
        var breed = ""
        private enum CodingKeys: String, CodingKey { case breed }
        required init() { super.init() }
        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            try super.init(from: decoder)
            breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && breed == (other as? Dog)?.breed }
    }

    final class Cat: Animal, @unchecked Sendable {
        var lives = 9
        private enum CodingKeys: String, CodingKey { case lives }
        required init() { super.init() }
        init(name: String, lives: Int) {
            self.lives = lives
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            try super.init(from: decoder)
            lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
        }
        override func isEqual(to other: Animal) -> Bool { super.isEqual(to: other) && lives == (other as? Cat)?.lives }
    }

    static var kinds: [String: any Model.Type] { ["dog": Dog.self, "cat": Cat.self] }

    /// Internal tags on an array, an optional and a dictionary.
    struct Zoo: Model, Equatable {
        var animals: [Animal] = []
        var star: Animal?
        var keepers: [String: Animal] = [:]
        var mascot = Animal()

        static let polymorphism: [String: Polymorphism] = [
            "animals": .tag("type", kinds), "star": .tag("type", kinds), "keepers": .tag("type", kinds),
            "mascot": .tag("type", kinds),
        ]
    }

    /// External tags, at a remote key.
    struct ExternalZoo: Model, Equatable {
        var animals: [Animal] = []
        static let keyPaths: [String: RemoteKeyPath] = ["animals": "residents"]
        static let polymorphism: [String: Polymorphism] = ["animals": .external(kinds)]
    }

    /// Adjacent tags with their own key names.
    struct AdjacentZoo: Model, Equatable {
        var animals: [Animal] = []
        var star: Animal?
        static let polymorphism: [String: Polymorphism] = [
            "animals": .adjacent(tag: "kind", content: "data", kinds), "star": .adjacent(kinds),
        ]
    }

    /// A tag nobody declared decodes as the fallback.
    struct FallbackZoo: Model, Equatable {
        var animals: [Animal] = []
        static let polymorphism: [String: Polymorphism] = ["animals": .tag("type", ["dog": Dog.self], fallback: Animal.self)]
    }

    /// The same payload shape under two keys: the hook picks the type by the remote key path, and
    /// drops what is marked `"gone"`. No tags: encoding writes plain objects.
    struct Shelter: Model, Equatable {
        var kennel: [Animal] = []
        var cattery: [Animal] = []
        var lastIn: Animal = Animal(name: "nobody")

        static let keyPaths: [String: RemoteKeyPath] = ["lastIn": "last_in"]
        static let polymorphism: [String: Polymorphism] = {
            let byPlace = Polymorphism.tag("type", [:]) { value, path in
                if value["gone"] == true { return .drop }
                if path == "kennel" || path == "last_in" { return .type(Dog.self) }
                if path == "cattery" { return .type(Cat.self) }
                return .unknown
            }
            return ["kennel": byPlace, "cattery": byPlace, "lastIn": byPlace]
        }()
    }
}

extension PolymorphismFixtures {
    struct Circle: Model, Equatable {
        var radius = 1.0
    }

    struct Square: Model, Equatable {
        var side = 1.0
    }

    /// An enum whose cases carry models.
    enum Shape: ModelCases, Equatable {
        case circle(Circle)
        case square(Square)

        init?(model: any Model) {
            switch model {
            case let circle as Circle: self = .circle(circle)
            case let square as Square: self = .square(square)
            default: return nil
            }
        }

        var model: any Model {
            switch self {
            case .circle(let circle): circle
            case .square(let square): square
            }
        }
    }

    /// Enum cases by an internal tag (an array) and an adjacent one (a single value).
    struct Drawing: Model, Equatable {
        var shapes: [Shape] = []
        var frame = Shape.square(Square())

        static let polymorphism: [String: Polymorphism] = [
            "shapes": .tag("kind", ["circle": Circle.self, "square": Square.self]),
            "frame": .adjacent(tag: "t", content: "c", ["circle": Circle.self, "square": Square.self]),
        ]
    }
}
