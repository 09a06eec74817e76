@testable import BaseModel
import Foundation
import Testing

/// Typed trees: `$class` for polymorphism, `$alias` for shared class instances.
enum TypedTreeFixtures {
    class Animal: Model, @unchecked Sendable {
        var name = ""
        required init() {}
        class var keyPaths: [String: RemoteKeyPath] { [:] }
    }

    final class Dog: Animal, @unchecked Sendable {
        var breed = ""
        private enum CodingKeys: String, CodingKey { case breed }
        required init() { super.init() }
        required init(from decoder: any Decoder) throws {
            try super.init(from: decoder)
            breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
        }
    }

    final class Owner: Model, @unchecked Sendable {
        var pets: [Animal] = []
        var favourite: Animal?
        required init() {}
    }

    static func registry() -> ModelRegistry {
        let registry = ModelRegistry()
        registry.register(Animal.self)
        registry.register(Dog.self)
        registry.register(Owner.self)
        return registry
    }
}

@Suite struct TypedTreeTests {
    typealias Animal = TypedTreeFixtures.Animal
    typealias Dog = TypedTreeFixtures.Dog
    typealias Owner = TypedTreeFixtures.Owner

    func owner() -> Owner {
        let rex = Dog()
        rex.name = "Rex"
        rex.breed = "Lab"
        let tom = Animal()
        tom.name = "Tom"
        let owner = Owner()
        owner.pets = [rex, tom]
        owner.favourite = rex
        return owner
    }

    @Test func typesAndAliasesAreWritten() throws {
        let tree = try ModelEncoder(registry: TypedTreeFixtures.registry()).encode(owner())
        #expect(tree[GraphKey.typeName] == "Owner")
        #expect(tree["pets"]?[0] == ["$class": "Dog", "name": "Rex", "breed": "Lab"])
        #expect(tree["pets"]?[1] == ["$class": "Animal", "name": "Tom"])
        #expect(tree["favourite"] == ["$alias": "pets.0"])
    }

    @Test func subclassesComeBackAsThemselvesAndSharedInstancesStayShared() throws {
        let registry = TypedTreeFixtures.registry()
        let tree = try ModelEncoder(registry: registry).encode(owner())
        let decoded = try ModelDecoder(registry: registry).decode(Owner.self, from: tree)
        let rex = try #require(decoded.pets.first as? Dog)
        #expect(rex.breed == "Lab" && rex.name == "Rex")
        #expect(type(of: decoded.pets[1]) == Animal.self)
        #expect(decoded.favourite === rex)
    }

    @Test("init(object:report:) reads file bytes as init(object:) does: subclasses by $class, shared instances, nothing unused",
          arguments: [ModelFormat.keyedArchive, .fast, .hrXML])
    func reportOfFileBytesReadsTheirClasses(format: ModelFormat) throws {
        let context = ModelContext(types: TypedTreeFixtures.registry())
        let data = try owner().data(format: format, context: context)
        var report = ModelReport()
        let decoded = try Owner(object: data, report: &report, context: context)
        let rex = try #require(decoded.pets.first as? Dog, "\(format)")
        #expect(rex.breed == "Lab")
        #expect(decoded.favourite === rex)
        #expect(report.unusedKeys.isEmpty, "\(format): \(report)")
        #expect(report.conversions.isEmpty)
    }

    @Test func withoutARegistryTheDeclaredTypeIsUsedAndNothingIsShared() throws {
        let tree = try ModelEncoder().encode(owner())
        #expect(tree["pets"]?[0]?["$class"] == nil)
        let decoded = try ModelDecoder().decode(Owner.self, from: tree)
        #expect(type(of: decoded.pets[0]) == Animal.self)
        #expect(decoded.favourite !== decoded.pets[0])
    }

    @Test func aForwardAliasGivesTheInstanceDecodedLater() throws {
        let tree: ModelValue = [
            "$class": "Owner",
            "favourite": ["$alias": "pets.1"],
            "pets": [["$class": "Animal", "name": "Tom"], ["$class": "Dog", "name": "Rex", "breed": "Lab"]],
        ]
        let decoded = try ModelDecoder(registry: TypedTreeFixtures.registry()).decode(Owner.self, from: tree)
        #expect(decoded.favourite === decoded.pets[1])
        #expect((decoded.favourite as? Dog)?.breed == "Lab")
    }

    @Test func unknownOrUnrelatedClassNamesFallBackToTheDeclaredType() throws {
        let tree: ModelValue = ["pets": [["$class": "Unicorn", "name": "Sparkle"], ["$class": "Owner", "name": "x"]]]
        let decoded = try ModelDecoder(registry: TypedTreeFixtures.registry()).decode(Owner.self, from: tree)
        #expect(decoded.pets.map(\.name) == ["Sparkle", "x"])
        #expect(decoded.pets.allSatisfy { type(of: $0) == Animal.self })
    }

    @Test func arraysOfDoublesTakeWholeNumbersAndNameABadElementByItsIndex() throws {
        struct Series: Codable, Equatable {
            var values: [Double]
            var grid: [[Double]]
        }
        let decoded = try ModelDecoder().decode(Series.self, from: ["values": [1.5, 2], "grid": [[0.5], [3, 4.25]]])
        #expect(decoded == Series(values: [1.5, 2], grid: [[0.5], [3, 4.25]]))
        let error = #expect(throws: ModelError.self) {
            try ModelDecoder().decode(Series.self, from: ["values": [1.5], "grid": [[0.5, "x"]]])
        }
        #expect(error?.path == [.key("grid"), .index(0), .index(1)])
    }

    @Test func aDanglingAliasIsATypedError() throws {
        let tree: ModelValue = ["favourite": ["$alias": "pets.7"], "pets": []]
        let error = #expect(throws: ModelError.self) {
            try ModelDecoder(registry: TypedTreeFixtures.registry()).decode(Owner.self, from: tree)
        }
        #expect(error?.path.description == "favourite")
    }

    /// A struct model: aliases to it are copies, decoded again at each alias.
    struct Branch: Model, Equatable {
        var children: [Branch] = []
    }

    /// `depth` levels, each holding the level below and an alias to it: 2^depth copies if
    /// every alias were decoded again in full.
    static func doublingTree(depth: Int) -> ModelValue {
        var level: ModelValue = ["$class": "Branch", "children": []]
        for step in 1...depth {
            // The level below sits at children.0 repeated (depth - step + 1) times from the root.
            let path = Array(repeating: "children.0", count: depth - step + 1).joined(separator: ".")
            level = ["$class": "Branch", "children": [level, ["$alias": .string(path)]]]
        }
        return level
    }

    @Test func aliasesToStructsAreCopiesAndSmallOnesDecode() throws {
        let branch = try ModelDecoder(registry: ModelRegistry()).decode(Branch.self, from: Self.doublingTree(depth: 3))
        #expect(branch.children.count == 2 && branch.children[0] == branch.children[1])
        #expect(branch.children[1].children[1].children[1].children == [])
    }

    @Test(.timeLimit(.minutes(1)))
    func aliasesThatDoubleAtEveryLevelAreATypedErrorNotAHang() throws {
        let tree = Self.doublingTree(depth: 64)
        let error = #expect(throws: ModelError.self) {
            try ModelDecoder(registry: ModelRegistry()).decode(Branch.self, from: tree)
        }
        #expect(error?.description.contains("aliases") == true)
        // The same graph as a fast file, through the streaming decoder and its fallback.
        let bytes = try FastCodec().encodeTree(tree)
        #expect(bytes.count < 4_000)
        #expect(throws: ModelError.self) { try Branch(data: bytes, context: ModelContext(types: ModelRegistry())) }
    }

    @Test func aCycleThroughAnAncestorIsATypedErrorNotACrash() throws {
        let tree: ModelValue = ["$class": "Owner", "pets": [["$alias": "$root"]]]
        #expect(throws: ModelError.self) {
            try ModelDecoder(registry: TypedTreeFixtures.registry()).decode(Owner.self, from: tree)
        }
    }
}

/// The reserved keys, as tests spell them.
enum GraphKey {
    static let typeName = "$class"
}
