@testable import BaseModel
import Foundation
import Testing

/// Polymorphism from untyped payloads (issue 13, part 3), declared with static tables: tags
/// choose subclasses on the way in and are written back on the way out, in every format.
@Suite struct PolymorphismTests {
    typealias Animal = PolymorphismFixtures.Animal
    typealias Dog = PolymorphismFixtures.Dog
    typealias Cat = PolymorphismFixtures.Cat
    typealias Zoo = PolymorphismFixtures.Zoo

    static let formats: [ModelFormat] = [.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast]

    func zoo() -> Zoo {
        var zoo = Zoo()
        zoo.animals = [Dog(name: "Rex", breed: "lab"), Cat(name: "Tom", lives: 7), Animal(name: "Generic")]
        zoo.animals.removeLast()
        zoo.star = Cat(name: "Felix", lives: 3)
        zoo.keepers = ["ann": Dog(name: "Bo", breed: "pug")]
        zoo.mascot = Dog(name: "Max", breed: "collie")
        return zoo
    }

    @Test func internalTagsChooseTheSubclassFromATree() throws {
        let payload: ModelValue = [
            "animals": [["type": "dog", "name": "Rex", "breed": "lab"], ["type": "cat", "name": "Tom", "lives": 7]],
            "star": ["type": "cat", "name": "Felix", "lives": 3],
            "keepers": ["ann": ["type": "dog", "name": "Bo", "breed": "pug"]],
            "mascot": ["type": "dog", "name": "Max", "breed": "collie"],
        ]
        let decoded = try Zoo(object: payload)
        #expect(decoded == zoo())
        #expect(decoded.animals.map { String(describing: type(of: $0)) } == ["Dog", "Cat"])
    }

    @Test func internalTagsChooseTheSubclassFromJSONBytes() throws {
        let json = #"{"animals": [{"type": "dog", "name": "Rex", "breed": "lab"}, {"name": "Tom", "type": "cat", "lives": 7}], "star": {"type": "cat", "name": "Felix", "lives": 3}, "keepers": {"ann": {"type": "dog", "name": "Bo", "breed": "pug"}}, "mascot": {"type": "dog", "name": "Max", "breed": "collie"}}"#
        #expect(try Zoo(object: Data(json.utf8)) == zoo())
    }

    @Test func encodingWritesTheTagsInside() throws {
        let tree = try zoo().treeRepresentation()
        #expect(tree["animals"] == [["type": "dog", "name": "Rex", "breed": "lab"], ["type": "cat", "name": "Tom", "lives": 7]])
        #expect(tree["star"] == ["type": "cat", "name": "Felix", "lives": 3])
        #expect(tree["keepers"] == ["ann": ["type": "dog", "name": "Bo", "breed": "pug"]])
    }

    @Test(arguments: formats) func everyFormatRoundTrips(format: ModelFormat) throws {
        let original = zoo()
        let bytes = try original.data(format: format)
        let decoded = try Zoo(object: bytes)
        #expect(decoded == original, "\(format)")
        #expect(decoded.animals.first is Dog && decoded.animals.last is Cat, "\(format)")
        #expect(decoded.mascot is Dog, "\(format)")
    }

    @Test func externalTagsWrapTheObject() throws {
        let payload: ModelValue = ["residents": [["dog": ["name": "Rex", "breed": "lab"]], ["cat": ["name": "Tom", "lives": 7]]]]
        let decoded = try PolymorphismFixtures.ExternalZoo(object: payload)
        #expect(decoded.animals == [Dog(name: "Rex", breed: "lab"), Cat(name: "Tom", lives: 7)])
        #expect(try decoded.treeRepresentation() == payload)
        for format in Self.formats {
            #expect(try PolymorphismFixtures.ExternalZoo(object: decoded.data(format: format)) == decoded, "\(format)")
        }
    }

    @Test func adjacentTagsSitBesideTheObject() throws {
        let payload: ModelValue = [
            "animals": [["kind": "dog", "data": ["name": "Rex", "breed": "lab"]]],
            "star": ["type": "cat", "content": ["name": "Tom", "lives": 7]],
        ]
        let decoded = try PolymorphismFixtures.AdjacentZoo(object: payload)
        #expect(decoded.animals == [Dog(name: "Rex", breed: "lab")])
        #expect(decoded.star == Cat(name: "Tom", lives: 7))
        #expect(try decoded.treeRepresentation() == payload)
        for format in Self.formats {
            #expect(try PolymorphismFixtures.AdjacentZoo(object: decoded.data(format: format)) == decoded, "\(format)")
        }
    }

    @Test func anAdjacentTagWithoutContentIsAnError() throws {
        let error = try #require(throws: ModelError.self) {
            try PolymorphismFixtures.AdjacentZoo(object: ["star": ["type": "cat"]] as ModelValue)
        }
        #expect(error.path == [.key("star"), .key("content")])
    }

    @Test func anUnknownTagNamesThePathAndTheTag() throws {
        let payload: ModelValue = ["animals": [["type": "dog", "name": "Rex"], ["type": "cow", "name": "Daisy"]]]
        let error = try #require(throws: ModelError.self) { try Zoo(object: payload) }
        #expect(error.path == [.key("animals"), .index(1)])
        #expect(error.description.contains("unknown type tag \"cow\""))
        // The same from JSON bytes, read through the index.
        let fromBytes = try #require(throws: ModelError.self) {
            try Zoo(object: Data(#"{"animals": [{"type": "cow"}]}"#.utf8))
        }
        #expect(fromBytes.path == [.key("animals"), .index(0)])
        #expect(fromBytes.description.contains("\"cow\""))
    }

    @Test func aMissingTagIsAnErrorWithoutAFallback() throws {
        let error = try #require(throws: ModelError.self) { try Zoo(object: ["star": ["name": "Tom"]] as ModelValue) }
        #expect(error.path == [.key("star")])
        #expect(error.description.contains("no type tag"))
    }

    @Test func anUnknownTagDecodesTheFallback() throws {
        let payload: ModelValue = ["animals": [["type": "cow", "name": "Daisy"], ["type": "dog", "name": "Rex", "breed": "lab"], ["name": "Tag-less"]]]
        let decoded = try PolymorphismFixtures.FallbackZoo(object: payload)
        #expect(decoded.animals == [Animal(name: "Daisy"), Dog(name: "Rex", breed: "lab"), Animal(name: "Tag-less")])
        // The fallback has no tag of its own: it is written without one, and reads back as itself.
        #expect(try decoded.treeRepresentation()["animals"]?[0] == ["name": "Daisy"])
        #expect(try PolymorphismFixtures.FallbackZoo(object: decoded.treeRepresentation()) == decoded)
    }

    @Test func theHookChoosesByTheRemoteKeyPath() throws {
        let payload: ModelValue = [
            "kennel": [["name": "Rex", "breed": "lab"]],
            "cattery": [["name": "Tom", "lives": 7]],
            "last_in": ["name": "Bo", "breed": "pug"],
        ]
        let decoded = try PolymorphismFixtures.Shelter(object: payload)
        #expect(decoded.kennel == [Dog(name: "Rex", breed: "lab")])
        #expect(decoded.cattery == [Cat(name: "Tom", lives: 7)])
        #expect(decoded.lastIn == Dog(name: "Bo", breed: "pug"))
        // From bytes too, and back: the hook needs no tag, so none is written.
        let json = try decoded.data(format: .json)
        #expect(try PolymorphismFixtures.Shelter(object: json) == decoded)
        #expect(try decoded.treeRepresentation() == payload)
    }

    @Test func theHookDropsValues() throws {
        let payload: ModelValue = [
            "kennel": [["name": "Rex", "breed": "lab"], ["name": "Old", "gone": true], ["name": "Bo", "breed": "pug"]],
            "last_in": ["name": "Ghost", "gone": true],
        ]
        let decoded = try PolymorphismFixtures.Shelter(object: payload)
        #expect(decoded.kennel == [Dog(name: "Rex", breed: "lab"), Dog(name: "Bo", breed: "pug")])
        // A dropped single value leaves the property's default.
        #expect(decoded.lastIn == Animal(name: "nobody"))
        let fromBytes = try PolymorphismFixtures.Shelter(object: Data(#"{"kennel": [{"name": "Old", "gone": true}, {"name": "Rex", "breed": "lab"}]}"#.utf8))
        #expect(fromBytes.kennel == [Dog(name: "Rex", breed: "lab")])
    }

    @Test func aValueThatIsNotAnObjectIsAMismatch() throws {
        let error = try #require(throws: ModelError.self) { try Zoo(object: ["animals": ["dog"]] as ModelValue) }
        #expect(error.path == [.key("animals"), .index(0)])
        #expect(error.reason == .typeMismatch(expected: "dictionary", found: "string"))
    }
}

/// Enums whose cases carry models (``ModelCases``), by internal and adjacent tags.
@Suite struct PolymorphicEnumTests {
    typealias Drawing = PolymorphismFixtures.Drawing

    static let payload: ModelValue = [
        "shapes": [["kind": "circle", "radius": 2.5], ["kind": "square", "side": 4.0]],
        "frame": ["t": "circle", "c": ["radius": 10.0]],
    ]

    @Test func tagsChooseTheCase() throws {
        let drawing = try Drawing(object: Self.payload)
        #expect(drawing.shapes == [.circle(.init(radius: 2.5)), .square(.init(side: 4))])
        #expect(drawing.frame == .circle(.init(radius: 10)))
        #expect(try drawing.treeRepresentation() == Self.payload)
    }

    @Test(arguments: PolymorphismTests.formats) func everyFormatRoundTrips(format: ModelFormat) throws {
        let drawing = try Drawing(object: Self.payload)
        #expect(try Drawing(object: drawing.data(format: format)) == drawing, "\(format)")
    }

    @Test func aModelNoCaseCarriesIsAMismatch() throws {
        struct Triangle: Model { var sides = 3 }
        struct Odd: Model {
            var shapes: [PolymorphismFixtures.Shape] = []
            static let polymorphism: [String: Polymorphism] = ["shapes": .tag("kind", ["triangle": Triangle.self])]
        }
        let error = try #require(throws: ModelError.self) { try Odd(object: ["shapes": [["kind": "triangle"]]] as ModelValue) }
        #expect(error.path == [.key("shapes"), .index(0)])
        #expect(error.reason == .typeMismatch(expected: "Shape", found: "Triangle"))
    }
}

/// One class instance at two places of a polymorphic array: typed formats write it once and an
/// alias, and the alias reads back as the same instance of the right subclass.
@Suite struct PolymorphicSharedInstanceTests {
    @Test(arguments: [ModelFormat.keyedArchive, .fast, .json])
    func aSharedInstanceRoundTrips(format: ModelFormat) throws {
        let rex = PolymorphismFixtures.Dog(name: "Rex", breed: "lab")
        var zoo = PolymorphismFixtures.Zoo()
        zoo.animals = [rex, rex]
        zoo.star = rex
        let decoded = try PolymorphismFixtures.Zoo(object: zoo.data(format: format))
        #expect(decoded.animals == [rex, rex], "\(format)")
        #expect(decoded.star == rex, "\(format)")
        if format != .json {
            // Typed formats keep identity.
            #expect(decoded.animals[0] === decoded.animals[1], "\(format)")
        }
    }
}

/// A value of a type the table does not list is tagged with its type name, which reads back as
/// the property's own type.
@Suite struct PolymorphicUnlistedTypeTests {
    @Test func theDeclaredTypeRoundTripsUnderItsTypeName() throws {
        var zoo = PolymorphismFixtures.Zoo()
        zoo.animals = [PolymorphismFixtures.Animal(name: "Plain"), PolymorphismFixtures.Dog(name: "Rex", breed: "lab")]
        let tree = try zoo.treeRepresentation()
        #expect(tree["animals"]?[0] == ["type": "Animal", "name": "Plain"])
        #expect(tree["mascot"] == ["type": "Animal", "name": ""])
        #expect(try PolymorphismFixtures.Zoo(object: tree) == zoo)
        #expect(try PolymorphismFixtures.Zoo(object: zoo.data(format: .fast)) == zoo)
    }
}

/// A report of what decoding used counts tags as read.
@Suite struct PolymorphicReportTests {
    @Test func tagsAreNotUnusedKeys() throws {
        let payload: ModelValue = [
            "animals": [["type": "dog", "name": "Rex", "breed": "lab", "colour": "black"]],
            "star": ["type": "cat", "name": "Tom", "lives": 7],
        ]
        var report = ModelReport()
        let zoo = try PolymorphismFixtures.Zoo(object: payload, report: &report)
        #expect(zoo.animals == [PolymorphismFixtures.Dog(name: "Rex", breed: "lab")])
        #expect(report.unusedKeys == [[.key("animals"), .index(0), .key("colour")]])
    }
}

/// A copy keeps every model's own type: a subclass instance in a property typed with its base
/// class copies as the subclass, wherever it is (array, optional, dictionary, plain property).
@Suite struct PolymorphicCopyTests {
    typealias Animal = PolymorphismFixtures.Animal
    typealias Dog = PolymorphismFixtures.Dog
    typealias Cat = PolymorphismFixtures.Cat

    @Test func aCopyKeepsEverySubclass() throws {
        var zoo = PolymorphismFixtures.Zoo()
        zoo.animals = [Dog(name: "Rex", breed: "lab"), Cat(name: "Tom", lives: 7), Animal(name: "Plain")]
        zoo.star = Cat(name: "Felix", lives: 3)
        zoo.keepers = ["ann": Dog(name: "Bo", breed: "pug")]
        zoo.mascot = Dog(name: "Max", breed: "collie")
        let copy = try zoo.copy()
        #expect(copy.animals.map { String(describing: type(of: $0)) } == ["Dog", "Cat", "Animal"])
        #expect(copy == zoo)
        #expect(copy.star is Cat && copy.keepers["ann"] is Dog && copy.mascot is Dog)
        #expect(copy.animals[0] !== zoo.animals[0])
    }

    @Test func aCopyKeepsSubclassesWithoutAPolymorphism() throws {
        struct Pen: Model, Equatable {
            var animals: [Animal] = []
            var nested: [[Animal]] = []
        }
        var pen = Pen()
        pen.animals = [Cat(name: "Tom", lives: 7), Dog(name: "Rex", breed: "lab")]
        pen.nested = [[Dog(name: "Bo", breed: "pug")]]
        let copy = try pen.copy()
        #expect(copy == pen)
        #expect(copy.animals.first is Cat && copy.animals.last is Dog && copy.nested[0][0] is Dog)
    }
}

@Suite struct SubclassDefaultTests {
    typealias Animal = PolymorphismFixtures.Animal
    typealias Dog = PolymorphismFixtures.Dog

    struct Kennel: Model, Equatable {
        var pet: Animal = Dog(name: "Rex", breed: "lab")
        var pets: [Animal] = [Dog(name: "Bo", breed: "pug")]
    }

    @Test func aMissingKeyKeepsTheDefaultsSubclass() throws {
        let kennel = try Kennel(object: [String: Any]())
        #expect(kennel.pet is Dog)
        #expect(kennel.pets.first is Dog)
        #expect(kennel == Kennel())
    }

    @Test func aNestedModelsDefaultsKeepTheirSubclassesToo() throws {
        struct Farm: Model, Equatable {
            var kennel = Kennel()
        }
        // `kennel` is present but empty: its defaults come from the farm's default kennel.
        let farm = try Farm(object: ["kennel": [String: Any]()])
        #expect(farm.kennel.pet is Dog && farm.kennel.pets.first is Dog)
        #expect(farm == Farm())
        // A present value is decoded as the declared type, as before.
        let named = try Farm(object: ["kennel": ["pet": ["name": "Tom"]]])
        #expect(type(of: named.kennel.pet) == Animal.self && named.kennel.pet.name == "Tom")
    }
}
