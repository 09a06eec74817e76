import BaseModelMacros
import Foundation

/// The models the runtime tests of the macro use (the macro-free twin of `Game` is
/// `ReadmeMacro.WithoutMacro.Game`).
enum MacroFixtures {
    @Model struct Game: Equatable {
        @Key("game_id") var id = ""
        var name = ""
        @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
        @Key("venue.address.city") var city = ""
        @Key("images.0.url") var thumbnail: URL?
        @Uncodable var cache: [String: Int] = [:]
    }

    @Model(keyCase: .snakeCase, coercion: .lenient) struct Settings: Equatable {
        var screenName = ""
        var volume = 5
        var muted = false
        @Transform(.stringToNumber) var score = 0.0
    }

    @Model class Animal: @unchecked Sendable {
        var name = ""
        var legs: Int?
    }

    @Model final class Dog: Animal, @unchecked Sendable {
        var breed = ""
        @Key("vet.name") var vet: String?
    }

    @Model(keyCase: .snakeCase) class Bird: Animal, @unchecked Sendable {
        var wingSpan = 0.0
    }

    /// A subclass of a `@Model` class without the macro, written by hand as without the macro.
    final class Cat: Animal, @unchecked Sendable {
        var lives = 9
        private enum CodingKeys: String, CodingKey { case lives }
        required init() { super.init() }
        required init(from decoder: any Decoder) throws {
            lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lives, forKey: .lives)
        }
    }

    @Model final class Owner: @unchecked Sendable {
        var pets: [Animal] = []
        var favourite: Animal?
    }

    /// A property whose default is an instance of a subclass of its type.
    @Model final class Kennel: @unchecked Sendable {
        var resident: Animal = Dog()
        var guest: Animal?
    }

    /// A property whose default is one instance every new value shares.
    @Model struct Visit {
        static let nobody = Animal()
        var visitor: Animal = Visit.nobody
    }

    /// Decodes itself from degrees Fahrenheit: the engine runs its `init(from:)`, not generated
    /// coding (which would read `degrees`).
    /// Scalars and arrays of scalars, which generated coding reads straight from an index node
    /// of their own kind.
    @Model struct Reading: Equatable {
        var count = 0
        var total: Int64 = 0
        var label = ""
        var ratio = 0.0
        var flag = false
        var note: String? = "unset"
        var ids: [Int] = []
        var tags: [String] = []
        var weights: [Double] = []
    }

    /// Scalars, arrays of scalars and an optional model: a tally without a detail needs no
    /// encoder of its own in a typed format, one with a detail does.
    @Model struct Tally: Equatable {
        var label = ""
        var count = 0
        var counts: [Int] = []
        var names: [String] = []
        var detail: Reading?
        var share = 0.0
    }

    /// Tallies, some with a detail, after some without.
    @Model struct TallySheet: Equatable {
        var tallies: [Tally] = []
    }

    /// A value whose `encode(to:)` throws when `fails` is set, with the encoder's coding path:
    /// an error from inside models written without encoders of their own.
    struct Fragile: Codable, Equatable, Sendable {
        var fails = false
        init(fails: Bool = false) { self.fails = fails }
        init(from decoder: any Decoder) throws { fails = try decoder.singleValueContainer().decode(Bool.self) }
        func encode(to encoder: any Encoder) throws {
            if fails {
                throw EncodingError.invalidValue(fails, .init(codingPath: encoder.codingPath, debugDescription: "fragile"))
            }
            var container = encoder.singleValueContainer()
            try container.encode(fails)
        }
    }

    /// Struct models nested in struct models and arrays of them, which generated writing opens
    /// in place; a crate may hold a class instance another crate shares, and a fragile value.
    @Model struct Crate: Equatable {
        var count = 0
        var fragile: Fragile?
        var owner: Animal?
        static func == (lhs: Crate, rhs: Crate) -> Bool {
            lhs.count == rhs.count && lhs.fragile == rhs.fragile && lhs.owner?.name == rhs.owner?.name
        }
    }

    /// See ``Crate``.
    @Model struct Box: Equatable {
        var name = ""
        var inner = Crate()
    }

    /// See ``Crate``.
    @Model struct Shelf: Equatable {
        var label = ""
        var boxes: [Box] = []
        var main = Box()
        var total: Int64 = 0
    }

    @Model struct Celsius: Equatable {
        var degrees = 0.0
        private enum FahrenheitKey: CodingKey { case fahrenheit }
        init(degrees: Double) { self.degrees = degrees }
        init(from decoder: any Decoder) throws {
            let fahrenheit = try decoder.container(keyedBy: FahrenheitKey.self).decode(Double.self, forKey: .fahrenheit)
            degrees = (fahrenheit - 32) * 5 / 9
        }
    }

    @Model struct Forecast: Equatable {
        var high = Celsius(degrees: 20)
        var low: Celsius?
    }

    /// Holds a value that is not `Codable` at all: `@Uncodable` leaves it out of the coding.
    @Model struct Session {
        var user = ""
        @Uncodable var onChange: (@Sendable (String) -> Void)?
    }

    /// A model of the identity map, with the macro.
    @Model struct Note: IdentifiedModel, Equatable {
        var id = ""
        var text = ""
    }

    static func registry() -> ModelRegistry {
        let registry = ModelRegistry()
        for type: any Model.Type in [Animal.self, Dog.self, Bird.self, Cat.self, Owner.self] { registry.register(type) }
        return registry
    }
}

extension MacroFixtures {
    /// A generic model.
    @Model struct Page<Item: Codable & Equatable & Sendable>: Equatable, Sendable {
        var items: [Item] = []
        @Key("next_page") var next: String?
    }

    /// A public model: the generated members are public.
    @Model public struct Receipt: Equatable, Sendable {
        public var total = 0
        public var note: String?
    }
}
