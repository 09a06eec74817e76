@testable import BaseModel
import BaseModelMacros
import Foundation
import OrderedCollections
import Testing

/// Models with the macro at run time: the schema it declares, the mapping attributes, and the
/// generated coding, through the engine and through Foundation's coders.
@Suite struct MacroModelTests {
    typealias Game = MacroFixtures.Game
    typealias Animal = MacroFixtures.Animal
    typealias Dog = MacroFixtures.Dog

    static var gameObject: [String: Any] {
        [
            "game_id": "93", "name": "Okami", "released": "02-16-2006",
            "venue": ["address": ["city": "Osaka"]], "images": [["url": "https://example.com/okami.png"]],
        ]
    }

    @Test func theSchemaListsEveryStoredPropertyANilOptionalIncluded() throws {
        // `init()` leaves both optionals nil; the schema knows them from the declaration.
        #expect(Game.allPropertyKeys == ["id", "name", "releaseDate", "city", "thumbnail", "cache"])
        #expect(Game.codablePropertyKeys == ["id", "name", "releaseDate", "city", "thumbnail"])
        let schema = ModelSchema.of(Game.self)
        let declared = try #require(schema.declaredProperties)
        #expect(declared.filter(\.isOptional).map(\.name) == ["releaseDate", "thumbnail"])
        #expect(schema.uncodableKeys == ["cache"])
        #expect(schema.remotePath(for: "releaseDate") == .firstOf("release_date", "released"))
        #expect(schema.remotePath(for: "thumbnail") == "images.0.url")
        #expect(schema.transformers.keys.sorted() == ["releaseDate"])
        #expect(ModelSchema.of(ReadmeMacro.WithoutMacro.Game.self).declaredProperties == nil)
    }

    @Test func theMacroFormDecodesAndEncodesAsTheMacroFreeForm() throws {
        var game = try Game(object: Self.gameObject)
        let plain = try ReadmeMacro.WithoutMacro.Game(object: Self.gameObject)
        #expect(game.id == "93" && game.city == "Osaka" && game.thumbnail?.lastPathComponent == "okami.png")
        #expect(game.releaseDate == plain.releaseDate && game.releaseDate != nil)
        #expect(try game.treeRepresentation() == plain.treeRepresentation())
        #expect(try game.jsonData(sortedKeys: true) == plain.jsonData(sortedKeys: true))
        // An uncodable property is never written and never read.
        game.cache = ["hits": 3]
        #expect(try game.treeRepresentation()["cache"] == nil)
        #expect(try Game(object: ["cache": ["hits": 1]]).cache.isEmpty)
    }

    @Test("scalars and arrays of scalars from an index: their own kind as it is, any other as from the tree",
        arguments: [(ModelFormat.json, false), (.fast, false), (.fast, true)])
    func scalarsFromAnIndex(format: ModelFormat, asObject: Bool) throws {
        typealias Reading = MacroFixtures.Reading
        let codec = try FormatRegistry.shared.codec(for: format)
        // A dictionary, or (in the fast format) an object of a class, whose values are found by
        // position.
        func tree(_ pairs: [(String, ModelValue)]) -> ModelValue {
            .dictionary(OrderedDictionary(uniqueKeysWithValues: (asObject ? [("$class", "Reading")] : []) + pairs))
        }
        func fromBytes(_ pairs: [(String, ModelValue)]) throws -> Reading { try Reading(data: codec.encodeTree(tree(pairs))) }

        let exact: [(String, ModelValue)] = [
            ("count", 3), ("total", 9_000_000_000), ("label", "a"), ("ratio", 0.5), ("flag", true), ("note", "n"),
            ("ids", [1, 2]), ("tags", ["x", "y"]), ("weights", [1.5, 2.5]),
        ]
        let read = try fromBytes(exact)
        #expect(read == Reading(
            count: 3, total: 9_000_000_000, label: "a", ratio: 0.5, flag: true, note: "n", ids: [1, 2], tags: ["x", "y"],
            weights: [1.5, 2.5]))
        #expect(read == (try Reading(object: tree(exact))))
        // Missing keys keep the defaults; null clears an optional.
        #expect(try fromBytes([("count", 1)]) == Reading(count: 1))
        #expect(try fromBytes([("note", .null)]).note == nil)
        // Other kinds take the rules: a whole double is an integer, an integer a double.
        let converted: [(String, ModelValue)] = [("count", 2.0), ("ratio", 2), ("ids", [1, 2.0]), ("weights", [1, 2.5])]
        #expect(try fromBytes(converted) == Reading(object: tree(converted)))
        #expect(try fromBytes(converted) == Reading(count: 2, ratio: 2, ids: [1, 2], weights: [1, 2.5]))
        // What does not fit is the tree's error, with the path of the value.
        let misfits: [([(String, ModelValue)], ModelPath)] = [
            ([("count", "3")], [.key("count")]), ([("label", .null)], [.key("label")]), ([("flag", 1)], [.key("flag")]),
            ([("count", 1.5)], [.key("count")]), ([("ids", [1, "2"])], [.key("ids"), .index(1)]),
            ([("tags", ["x", 1])], [.key("tags"), .index(1)]), ([("weights", .null)], [.key("weights")]),
        ]
        for (pairs, path) in misfits {
            let error = #expect(throws: ModelError.self) { try fromBytes(pairs) }
            let treeError = #expect(throws: ModelError.self) { try Reading(object: tree(pairs)) }
            #expect(error?.path == path, "\(pairs)")
            #expect(error?.reason == treeError?.reason, "\(pairs)")
        }
    }

    @Test("a model of scalars is written without an encoder of its own, and one that needs an encoder later gets one: the bytes of the tree path",
        arguments: [ModelFormat.fast, .keyedArchive, .binaryPropertyList, .json])
    func modelsOpenedWithoutAnEncoder(format: ModelFormat) throws {
        typealias Tally = MacroFixtures.Tally
        let codec = try FormatRegistry.shared.codec(for: format)
        let detail = MacroFixtures.Reading(count: 2, label: "d", ids: [4], tags: ["t"], weights: [0.5])
        let sheet = MacroFixtures.TallySheet(tallies: [
            Tally(label: "a", count: 1, counts: [1, 2], names: ["x"], share: 0.25),
            Tally(label: "b", count: 2, counts: [], names: [], share: 0.5),
            Tally(label: "c", count: 3, counts: [3], names: ["y", "z"], detail: detail, share: 0.75),
            Tally(label: "d", count: 4, counts: [5, 6, 7], names: ["x"], share: 1),
        ])
        let encoder = ModelEncoder(registry: .shared)
        let streamed = try codec.encodeModel(sheet, using: encoder)
        #expect(streamed == (try codec.encodeModelThroughTree(sheet, using: encoder)))
        #expect(try MacroFixtures.TallySheet(data: streamed) == sheet)
    }

    @Test("an array of scalars written straight counts against the depth limit as any array",
        arguments: [ModelFormat.fast, .keyedArchive, .binaryPropertyList, .json])
    func arraysOfScalarsCountAgainstTheDepthLimit(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        // The sheet, its array and the tally fill a limit of 3; the tally's `counts` is one
        // deeper. In the fast format the tally is written without an encoder of its own.
        let sheet = MacroFixtures.TallySheet(tallies: [MacroFixtures.Tally(label: "a", counts: [1])])
        let encoder = ModelEncoder(registry: .shared)
        DecodingLimits.$current.withValue(DecodingLimits(maximumDepth: 3)) {
            let streamed = #expect(throws: ModelError.self) { try codec.encodeModel(sheet, using: encoder) }
            let tree = #expect(throws: ModelError.self) { try codec.encodeModelThroughTree(sheet, using: encoder) }
            #expect(streamed?.path == ModelPath([.key("tallies"), .index(0), .key("counts")]))
            #expect(streamed?.reason == DecodingLimits.depthExceeded(3))
            #expect(streamed?.reason == tree?.reason && streamed?.path == tree?.path)
            // The typed tree itself, which no writer limits but the encoder.
            let typed = #expect(throws: ModelError.self) { try encoder.encode(sheet) }
            #expect(typed?.reason == DecodingLimits.depthExceeded(3) && typed?.path == streamed?.path)
        }
        // One level more and it is written.
        let written = try DecodingLimits.$current.withValue(DecodingLimits(maximumDepth: 4)) {
            try codec.encodeModel(sheet, using: encoder)
        }
        #expect(try MacroFixtures.TallySheet(data: written) == sheet)
    }

    @Test func keyCaseAndCoercionOnTheType() throws {
        let settings = try MacroFixtures.Settings(object: ["screen_name": "ada", "volume": "7", "muted": 1, "score": "12.5"])
        #expect(settings == MacroFixtures.Settings(screenName: "ada", volume: 7, muted: true, score: 12.5))
        #expect(try settings.treeRepresentation() == ["screen_name": "ada", "volume": 7, "muted": true, "score": "12.5"])
        #expect(MacroFixtures.Settings.keyCase == .snakeCase && MacroFixtures.Settings.coercion == .lenient)
    }

    @Test func foundationCodersUseTheGeneratedCodable() throws {
        let game = try Game(object: Self.gameObject)
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(Game.self, from: data) == game.withoutCache)
        // `JSONDecoder` reads the Swift names, as with synthesized `Codable`, and a missing
        // non-optional key is its usual error.
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["id", "name", "releaseDate", "city", "thumbnail"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: Data(#"{"id": "1"}"#.utf8)) }
    }

    @Test func aSubclassCodesItsPropertiesAndItsSuperclassesWithoutHandWrittenCode() throws {
        let dog = try Dog(object: ["name": "Rex", "legs": 4, "breed": "Collie", "vet": ["name": "Dr. Who"]])
        #expect(dog.name == "Rex" && dog.legs == 4 && dog.breed == "Collie" && dog.vet == "Dr. Who")
        #expect(Dog.allPropertyKeys == ["name", "legs", "breed", "vet"])
        #expect(try dog.treeRepresentation() == ["name": "Rex", "legs": 4, "breed": "Collie", "vet": ["name": "Dr. Who"]])
        // Through Foundation too: one container, the superclass's keys and the subclass's.
        let again = try JSONDecoder().decode(Dog.self, from: JSONEncoder().encode(dog))
        #expect(again.name == "Rex" && again.breed == "Collie" && again.vet == "Dr. Who")
        // A subclass's key case applies to all its keys, the inherited ones too.
        let bird = try MacroFixtures.Bird(object: ["name": "Tweety", "wing_span": 0.2])
        #expect(bird.name == "Tweety" && bird.wingSpan == 0.2)
        #expect(MacroFixtures.Bird.allPropertyKeys == ["name", "legs", "wingSpan"])
    }

    @Test func aSubclassWithoutTheMacroAddsItsOwnPropertiesToTheInheritedSchema() throws {
        #expect(MacroFixtures.Cat.allPropertyKeys == ["name", "legs", "lives"])
        let cat = try MacroFixtures.Cat(object: ["name": "Tom", "lives": 7])
        #expect(cat.name == "Tom" && cat.lives == 7)
    }

    @Test("subclasses without hand-written coding round-trip through every format that stores types ($class)",
          arguments: [ModelFormat.keyedArchive, .hrJSON, .hrXML, .hrBinary])
    func subclassesRoundTripThroughTypedFormats(format: ModelFormat) throws {
        let context = ModelContext(types: MacroFixtures.registry())
        let rex = try Dog(object: ["name": "Rex", "breed": "Collie", "vet": ["name": "Dr. Who"]])
        let tom = try MacroFixtures.Cat(object: ["name": "Tom", "lives": 7])
        let tweety = try MacroFixtures.Bird(object: ["name": "Tweety", "wing_span": 0.2])
        let owner = MacroFixtures.Owner()
        owner.pets = [rex, tom, tweety, try Animal(object: ["name": "Generic"])]
        owner.favourite = rex
        let data = try owner.data(format: format, context: context)
        let decoded = try MacroFixtures.Owner(data: data, context: context)
        let dog = try #require(decoded.pets.first as? Dog)
        #expect(dog.name == "Rex" && dog.breed == "Collie" && dog.vet == "Dr. Who")
        #expect((decoded.pets[1] as? MacroFixtures.Cat)?.lives == 7)
        #expect((decoded.pets[2] as? MacroFixtures.Bird)?.wingSpan == 0.2)
        #expect(type(of: decoded.pets[3]) == Animal.self && decoded.pets[3].name == "Generic")
        #expect(decoded.favourite === dog)
    }

    @Test func genericAndPublicModels() throws {
        let page = try MacroFixtures.Page<Int>(object: ["items": [1, 2], "next_page": "p2"])
        #expect(page == MacroFixtures.Page(items: [1, 2], next: "p2"))
        #expect(MacroFixtures.Page<String>.allPropertyKeys == ["items", "next"])
        #expect(try MacroFixtures.Receipt(object: ["total": 12]) == { var receipt = MacroFixtures.Receipt(); receipt.total = 12; return receipt }())
    }

    @Test func anUncodablePropertyNeedNotBeCodable() throws {
        var session = try MacroFixtures.Session(object: ["user": "ada"])
        session.onChange = { _ in }
        #expect(try session.treeRepresentation() == ["user": "ada"])
        // Left out of `Codable`, it is not copied either: the copy has the default.
        #expect(try session.copy().onChange == nil && session.copy().user == "ada")
        #expect(MacroFixtures.Session.allPropertyKeys == ["user", "onChange"])
    }

    @Test func macroModelsAreCodedByTheirGeneratedCodingUnlessTheyCodeThemselves() throws {
        for type: any Model.Type in [Game.self, Animal.self, Dog.self, MacroFixtures.Bird.self, MacroFixtures.Owner.self] {
            #expect(ModelSchema.of(type).direct != nil, "\(type)")
        }
        // A subclass without the macro would miss its own fields; a type that decodes itself
        // has its `init(from:)` run.
        #expect(ModelSchema.of(MacroFixtures.Cat.self).direct == nil)
        #expect(ModelSchema.of(MacroFixtures.Celsius.self).direct == nil)
        let forecast = try MacroFixtures.Forecast(json: #"{"high": {"fahrenheit": 212}, "low": {"fahrenheit": 32}}"#)
        #expect(forecast == MacroFixtures.Forecast(high: .init(degrees: 100), low: .init(degrees: 0)))
        #expect(try MacroFixtures.Forecast(json: "{}").high == .init(degrees: 20))
    }

    @Test func subclassInstancesUnderTheirSuperclassAreCodedAsWithoutTheMacro() throws {
        // A default that is a subclass instance is replaced by a new instance of the declared
        // type, as `init(from:)` would make; a subclass instance is written by its own coding.
        let kennel = try MacroFixtures.Kennel(object: ["resident": ["name": "Rex", "breed": "Collie"], "guest": ["name": "Tom"]])
        #expect(type(of: kennel.resident) == Animal.self && kennel.resident.name == "Rex")
        #expect(kennel.guest.map { type(of: $0) == Animal.self } == true && kennel.guest?.name == "Tom")
        let owner = MacroFixtures.Owner()
        owner.pets = [try Dog(object: ["name": "Rex", "breed": "Collie"]), try Animal(object: ["name": "Generic"])]
        let tree: ModelValue = ["pets": [["name": "Rex", "breed": "Collie"], ["name": "Generic"]]]
        #expect(try owner.treeRepresentation() == tree)
        for format in [ModelFormat.json, .binaryPropertyList, .fast] {
            let decoded = try MacroFixtures.Owner(data: owner.data(format: format))
            #expect(decoded.pets.map(\.name) == ["Rex", "Generic"] && decoded.pets.allSatisfy { type(of: $0) == Animal.self }, "\(format)")
        }
    }

    @Test func aClassInstanceADefaultSharesIsNeverChangedByDecoding() throws {
        let visit = try MacroFixtures.Visit(object: ["visitor": ["name": "Rex"]])
        #expect(visit.visitor.name == "Rex")
        #expect(visit.visitor !== MacroFixtures.Visit.nobody)
        #expect(MacroFixtures.Visit.nobody.name == "")
    }

    @Test func anIdentifiedModelWithTheMacroKeepsOneInstancePerIdentifierAndMerges() throws {
        let map = IdentityMap()
        let first = try MacroFixtures.Note.live(object: ["id": "n1", "text": "hello"], in: map)
        let second = try MacroFixtures.Note.live(object: ["id": "n1", "text": "hello again"], in: map)
        #expect(first === second)
        #expect(first.value == MacroFixtures.Note(id: "n1", text: "hello again"))
    }
}

extension MacroFixtures.Game {
    /// The game as a decode gives it back: the uncodable cache at its default.
    var withoutCache: Self {
        var copy = self
        copy.cache = [:]
        return copy
    }
}
