@testable import BaseModel
import BaseModelMacros
import Foundation
import Testing

/// `@Polymorphic` on `@Model` properties: the generated coding chooses subclasses by tag and
/// writes tags back, in every format, exactly as the macro-free static table does.
@Suite struct PolymorphicMacroTests {
    typealias Fixtures = PolymorphicMacroFixtures

    static let payload: ModelValue = [
        "animals": [["type": "dog", "name": "Rex", "breed": "lab"], ["type": "cat", "name": "Tom", "lives": 7]],
        "best": ["type": "cat", "content": ["name": "Felix", "lives": 3]],
        "keepers": ["ann": ["dog": ["name": "Bo", "breed": "pug"]], "bob": ["parrot": ["name": "Polly"]]],
        "name": "City zoo",
    ]

    @Test func macroModelsAreGenerated() {
        #expect(Fixtures.Zoo.declaredProperties != nil)
        #expect(ModelSchema.of(Fixtures.Zoo.self).direct != nil)
    }

    @Test func tagsChooseSubclasses() throws {
        let zoo = try Fixtures.Zoo(object: Self.payload)
        #expect(zoo.animals.map { String(describing: type(of: $0)) } == ["Dog", "Cat"])
        #expect((zoo.animals[0] as? Fixtures.Dog)?.breed == "lab")
        #expect((zoo.animals[1] as? Fixtures.Cat)?.lives == 7)
        #expect((zoo.star as? Fixtures.Cat)?.lives == 3)
        #expect((zoo.keepers["ann"] as? Fixtures.Dog)?.breed == "pug")
        // The fallback for a tag nobody declared.
        #expect(zoo.keepers["bob"].map { type(of: $0) == Fixtures.Animal.self } == true)
        #expect(zoo.keepers["bob"]?.name == "Polly")
    }

    @Test func macroAndStaticTableGiveTheSameTrees() throws {
        let macro = try Fixtures.Zoo(object: Self.payload).treeRepresentation()
        let plain = try Fixtures.PlainZoo(object: Self.payload).treeRepresentation()
        #expect(macro == plain)
        // The fallback is wrapped under its type name (it has no tag); everything else as it came.
        let expected: ModelValue = [
            "animals": [["type": "dog", "name": "Rex", "breed": "lab"], ["type": "cat", "name": "Tom", "lives": 7]],
            "best": ["type": "cat", "content": ["name": "Felix", "lives": 3]],
            "keepers": ["ann": ["dog": ["name": "Bo", "breed": "pug"]], "bob": ["Animal": ["name": "Polly"]]],
            "name": "City zoo",
        ]
        #expect(macro == expected)
    }

    @Test(arguments: [ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast])
    func everyFormatRoundTripsTheSameBothWays(format: ModelFormat) throws {
        let zoo = try Fixtures.Zoo(object: Self.payload)
        let macroBytes = try zoo.data(format: format)
        let plainBytes = try Fixtures.PlainZoo(object: Self.payload).data(format: format)
        let macroAgain = try Fixtures.Zoo(object: macroBytes).treeRepresentation()
        let plainAgain = try Fixtures.PlainZoo(object: plainBytes).treeRepresentation()
        #expect(macroAgain == (try zoo.treeRepresentation()), "\(format)")
        #expect(macroAgain == plainAgain, "\(format)")
        // Each reads the other's bytes.
        #expect(try Fixtures.PlainZoo(object: macroBytes).treeRepresentation() == macroAgain, "\(format)")
    }

    @Test func anUnknownTagIsTheSameErrorBothWays() throws {
        let payload: ModelValue = ["animals": [["type": "cow"]]]
        let macro = try #require(throws: ModelError.self) { try Fixtures.Zoo(object: payload) }
        let plain = try #require(throws: ModelError.self) { try Fixtures.PlainZoo(object: payload) }
        #expect(macro == plain)
        #expect(macro.path == [.key("animals"), .index(0)])
    }

    /// A copy keeps each model's subclass, through the macro's generated coding as through the table.
    @Test func aCopyKeepsTheSubclassesBothWays() throws {
        let macro = try Fixtures.Zoo(object: Self.payload).copy()
        let plain = try Fixtures.PlainZoo(object: Self.payload).copy()
        #expect(macro.animals.map { String(describing: type(of: $0)) } == ["Dog", "Cat"])
        #expect(plain.animals.map { String(describing: type(of: $0)) } == ["Dog", "Cat"])
        #expect((macro.star as? Fixtures.Cat)?.lives == 3 && (plain.star as? Fixtures.Cat)?.lives == 3)
        #expect((macro.keepers["ann"] as? Fixtures.Dog)?.breed == "pug")
        #expect(try macro.treeRepresentation() == plain.treeRepresentation())
    }

    /// A base-class property without a default is required (issue 30): generated coding reads
    /// it, and a missing key, a null under lenient coercion or a dropped value is an error with
    /// its path, in every format.
    @Test(arguments: [ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast])
    func aBaseClassPropertyWithoutADefaultIsRequired(format: ModelFormat) throws {
        #expect(ModelSchema.of(Fixtures.Show.self).direct != nil)
        let payload: ModelValue = ["lead": ["type": "dog", "name": "Rex", "breed": "lab"], "title": "Gala"]
        let show = try Fixtures.Show(object: payload)
        #expect((show.lead as? Fixtures.Dog)?.breed == "lab")
        let bytes = try show.data(format: format)
        #expect(try Fixtures.Show(data: bytes).treeRepresentation() == payload, "\(format)")

        let untitled = try Fixtures.Show(object: ["lead": ["type": "cat"]])
        #expect(untitled.lead is Fixtures.Cat && untitled.title == "")
    }

    @Test func aMissingBaseClassPropertyIsAnErrorNamingItsPath() throws {
        let inputs: [ModelValue] = [["title": "Gala"], ["title": "Gala", "lead": .null]]
        for input in inputs {
            let error = try #require(throws: ModelError.self) { try Fixtures.Show(object: input) }
            #expect(error.path == [.key("lead")], "\(error)")
        }
        let json = try #require(throws: ModelError.self) { try Fixtures.Show(data: Data(#"{"title": "Gala"}"#.utf8)) }
        #expect(json.path == [.key("lead")] && "\(json)".hasPrefix("lead: missing value"), "\(json)")
        #expect(Fixtures.Show().lead.name == "")
    }
}
