@testable import BaseModel
import Foundation
import Observation
import Testing

/// A class model observed property by property: `@Observable`, with coding keys that name the
/// properties, not the storage `@Observable` makes (`_count`).
@Observable
final class ObservedCounter: SharedModel, @unchecked Sendable {
    var count = 0
    var label = "counter"
    required init() {}
    enum CodingKeys: String, CodingKey {
        case _count = "count"
        case _label = "label"
    }
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("ObservedCounter.json") }
    static var resourceFile: String { SharedFixtureFiles.path("missing/ObservedCounter.json") }
}

/// A struct model: saving it makes it the shared instance.
struct ObservedSettings: SharedModel {
    var theme = "light"
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("ObservedSettings.json") }
    static var resourceFile: String { SharedFixtureFiles.path("missing/ObservedSettings.json") }
}

@Suite(.serialized) struct SharedInstanceObservationTests {
    init() throws {
        try FileManager.default.createDirectory(at: SharedFixtureFiles.root, withIntermediateDirectories: true)
    }

    @Test func replacingTheSharedInstanceTellsItsReaders() {
        ObservedCounter.setSharedInstance(nil)
        let reader = ChangeCount.track { ObservedCounter.shared.label }
        #expect(reader.value == 0)

        ObservedCounter.setSharedInstance(ObservedCounter())

        #expect(reader.value == 1)
    }

    @Test func anObservableClassModelReportsItsPropertiesThroughTheSharedInstance() throws {
        ObservedCounter.setSharedInstance(nil)
        let countReader = ChangeCount.track { ObservedCounter.shared.count }
        let labelReader = ChangeCount.track { ObservedCounter.shared.label }

        ObservedCounter.shared.count += 1

        #expect(countReader.value == 1)
        #expect(labelReader.value == 0)
        // The file holds the properties' names, not @Observable's storage names.
        try ObservedCounter.shared.save()
        let saved = try String(contentsOfFile: ObservedCounter.saveFile, encoding: .utf8)
        #expect(saved.contains(#""count":1"#))
        #expect(!saved.contains("_count"))
    }

    @Test func savingAStructModelTellsTheReadersOfTheOldInstance() throws {
        let reader = ChangeCount.track { ObservedSettings.shared.theme }
        var settings = ObservedSettings.shared
        settings.theme = "dark"

        try settings.save()

        #expect(reader.value == 1)
        #expect(ObservedSettings.shared.theme == "dark")
    }
}
