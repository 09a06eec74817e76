@testable import BaseModel
import BaseModelMacros
import Foundation
import Observation
import Testing

/// `@Model @Observable` classes: every format and Foundation's coders write the properties'
/// names only (never `@Observable`'s `_theme` storage or its registrar, the synthesized-Codable
/// problem of swiftlang/swift#73280), the engine runs the generated coding, and Observation
/// reports each property to its own observers, through the shared instance too.
@Suite(.serialized) struct ObservableModelTests {
    typealias Settings = ObservableFixtures.Settings



    private static func sample() -> Settings {
        let settings = Settings()
        settings.theme = "dark"
        settings.fontSize = 14
        settings.lastOpened = "notes.txt"
        settings.scratch = 99
        return settings
    }

    private static func contains(_ data: Data, _ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }

    init() throws {
        try FileManager.default.createDirectory(at: Settings.folder, withIntermediateDirectories: true)
    }

    @Test(arguments: [ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast])
    func everyFormatWritesThePropertyNamesOnly(format: ModelFormat) throws {
        let data = try Self.sample().data(format: format)
        for name in ["theme", "fontSize", "lastOpened"] { #expect(Self.contains(data, name), "\(name) in \(format)") }
        for storage in ["_theme", "_fontSize", "_lastOpened", "observationRegistrar", "scratch"] {
            #expect(!Self.contains(data, storage), "\(storage) in \(format)")
        }
        let again = try Settings(data: data)
        #expect(again.theme == "dark" && again.fontSize == 14 && again.lastOpened == "notes.txt")
        #expect(again.scratch == 0)
    }

    @Test func foundationCodersUseTheSameKeys() throws {
        let data = try JSONEncoder().encode(Self.sample())
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["theme", "fontSize", "lastOpened"])
        let again = try JSONDecoder().decode(Settings.self, from: data)
        #expect(again.theme == "dark" && again.fontSize == 14 && again.lastOpened == "notes.txt")
        // `_theme` in the input is an unknown key, not the property.
        let decoded = try JSONDecoder().decode(Settings.self, from: Data(#"{"_theme": "blue", "theme": "red", "fontSize": 1, "lastOpened": ""}"#.utf8))
        #expect(decoded.theme == "red")
    }

    @Test func theEngineRunsTheGeneratedCodingOverTheWrittenProperties() throws {
        #expect((Settings.self as Any.Type) is any GeneratedCoding.Type)
        let schema = try #require(ModelSchema.of(Settings.self).declaredProperties)
        #expect(schema.map(\.name) == ["theme", "fontSize", "lastOpened", "scratch"])
        #expect(Settings.codablePropertyKeys == ["theme", "fontSize", "lastOpened"])
        let settings = try Settings(object: ["theme": "dark", "_fontSize": 30, "scratch": 5])
        #expect(settings.theme == "dark" && settings.fontSize == 12 && settings.scratch == 0)
        #expect(try settings.treeRepresentation() == ["theme": "dark", "fontSize": 12, "lastOpened": ""])
    }

    @Test func eitherOrderOfTheAttributesWorksWithMappingAttributes() throws {
        let profile = try ObservableFixtures.Profile(
            object: ["screen_name": "ada", "stats": ["followers": 3], "homepage": "https://example.com"])
        #expect(profile.name == "ada" && profile.followers == 3 && profile.homepage?.host == "example.com")
        #expect(
            try profile.treeRepresentation()
                == ["screen_name": "ada", "stats": ["followers": 3], "homepage": "https://example.com"])
        let followers = ChangeCount.track { profile.followers }
        let name = ChangeCount.track { profile.name }
        profile.followers += 1
        #expect(followers.value == 1 && name.value == 0)
    }

    @Test func settingAPropertyTellsOnlyItsObservers() {
        let settings = Settings()
        let theme = ChangeCount.track { settings.theme }
        let fontSize = ChangeCount.track { settings.fontSize }
        let ignored = ChangeCount.track { settings.lastOpened }

        settings.fontSize = 20
        settings.lastOpened = "a.txt"

        #expect(fontSize.value == 1)
        #expect(theme.value == 0)
        // `@ObservationIgnored`: coded, but nobody is told.
        #expect(ignored.value == 0)
        let scratch = ChangeCount.track { settings.scratch }
        settings.scratch = 1
        #expect(scratch.value == 1)
    }

    @Test func theSharedInstanceReportsItsPropertiesAndItsReplacement() throws {
        try? FileManager.default.removeItem(atPath: Settings.saveFile)
        Settings.setSharedInstance(nil)
        let theme = ChangeCount.track { Settings.shared.theme }
        let fontSize = ChangeCount.track { Settings.shared.fontSize }

        Settings.shared.fontSize = 16

        #expect(fontSize.value == 1)
        #expect(theme.value == 0)
        try Settings.shared.save()
        let saved = try Data(contentsOf: URL(fileURLWithPath: Settings.saveFile))
        #expect(Self.contains(saved, #""fontSize":16"#) && !Self.contains(saved, "_fontSize"))

        // Reading the file back replaces the instance: whoever read it is told.
        try Data(#"{"theme": "dark"}"#.utf8).write(to: URL(fileURLWithPath: Settings.saveFile))
        let reloadedTheme = ChangeCount.track { Settings.shared.theme }
        try Settings.reloadSharedInstance()
        #expect(theme.value == 1)
        #expect(reloadedTheme.value == 1)
        #expect(Settings.shared.theme == "dark" && Settings.shared.fontSize == 12)
        Settings.setSharedInstance(nil)
    }

    @Test func aSubclassInheritsTheObservationOfItsSuperclassProperties() throws {
        let square = try ObservableFixtures.Square(object: ["name": "tile", "side": 4])
        #expect(square.name == "tile" && square.side == 4)
        #expect(try square.treeRepresentation() == ["name": "tile", "side": 4])
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(square)) as? [String: Any])
        #expect(Set(object.keys) == ["name", "side"])
        let name = ChangeCount.track { square.name }
        let side = ChangeCount.track { square.side }
        square.name = "floor"
        square.side = 5
        #expect(name.value == 1)
        // Not `@Observable` itself: its own properties are not observed.
        #expect(side.value == 0)
    }

    @Test func anObservableSubclassIsObservedThroughoutAndCodesNoStorage() throws {
        let circle = try ObservableFixtures.Circle(object: ["name": "dot", "radius": 1.5])
        #expect(circle.name == "dot" && circle.radius == 1.5)
        for format in [ModelFormat.json, .keyedArchive, .fast] {
            let data = try circle.data(format: format)
            #expect(!Self.contains(data, "_radius") && !Self.contains(data, "_name") && !Self.contains(data, "Registrar"))
            let again = try ObservableFixtures.Circle(data: data)
            #expect(again.name == "dot" && again.radius == 1.5)
        }
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(circle)) as? [String: Any])
        #expect(Set(object.keys) == ["name", "radius"])
        let name = ChangeCount.track { circle.name }
        let radius = ChangeCount.track { circle.radius }
        circle.radius = 2
        #expect(radius.value == 1 && name.value == 0)
        let nameAgain = ChangeCount.track { circle.name }
        circle.name = "disc"
        #expect(name.value == 1 && nameAgain.value == 1)
    }
}
