@testable import BaseModel
import Foundation
import Testing

/// A folder per fixture type, so the suites never share files or touch the real home.
enum SharedFixtureFiles {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("bm-shared-\(UUID().uuidString)")
    static func path(_ name: String) -> String { root.appendingPathComponent(name).path }
}

/// BaseModel's TestModel: `string` and `date`, saved as JSON.
final class TestModel: SharedModel, @unchecked Sendable {
    var string: String?
    var date: Date?
    required init() {}
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("TestModel.json") }
    static var resourceFile: String { SharedFixtureFiles.path("missing/TestModel.plist") }
}

/// Layers: defaults, a resource file, a save file.
final class LayeredSettings: SharedModel, @unchecked Sendable {
    var theme = "light"       // default only
    var volume = 5            // resource overrides
    var user = "nobody"       // resource, then save file override
    var nickname: String? = "none"
    required init() {}
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("LayeredSettings.json") }
    static var resourceFile: String { SharedFixtureFiles.path("resources/LayeredSettings.json") }
}

final class Announced: SharedModel, @unchecked Sendable {
    var count = 0
    required init() {}
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("Announced.json") }
    static var resourceFile: String { SharedFixtureFiles.path("missing/Announced.json") }
}

final class Counter: SharedModel, @unchecked Sendable {
    var values: [Int] = []
    required init() {}
    static var saveFormat: ModelFormat { .json }
    static var saveFile: String { SharedFixtureFiles.path("Counter.json") }
    static var resourceFile: String { SharedFixtureFiles.path("missing/Counter.json") }
}

class BaseShared: SharedModel, @unchecked Sendable {
    var name = "base"
    required init() {}
    class var saveFormat: ModelFormat { .json }
    class var saveFile: String { SharedFixtureFiles.path("\(String(describing: self)).json") }
    class var resourceFile: String { SharedFixtureFiles.path("missing/\(String(describing: self)).json") }
}

final class DerivedShared: BaseShared, @unchecked Sendable {
    required init() {
        super.init()
        name = "derived"
    }
    required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
}

@Suite(.serialized) struct SharedInstanceTests {
    init() throws {
        try FileManager.default.createDirectory(at: SharedFixtureFiles.root.appendingPathComponent("resources"), withIntermediateDirectories: true)
    }

    /// BaseModel's testSaveDateAsJSON: a date in a JSON-saved shared instance saves.
    @Test func testSaveDateAsJSON() throws {
        TestModel.shared.date = Date()
        try TestModel.shared.save()
        let text = try String(contentsOfFile: TestModel.saveFile, encoding: .utf8)
        #expect(text.contains(#""date":""#))
    }

    /// BaseModel's testSetSharedInstanceToNil.
    @Test func testSetSharedInstanceToNil() throws {
        TestModel.shared.string = "foo"
        TestModel.setSharedInstance(nil)
        #expect(!TestModel.hasSharedInstance)
        #expect(TestModel.shared.string == nil)
    }

    @Test func layersAreDefaultsThenResourceThenSaveFile() throws {
        try Data(#"{"volume": 9, "user": "resource", "nickname": null}"#.utf8)
            .write(to: URL(fileURLWithPath: LayeredSettings.resourceFile))
        try Data(#"{"user": "saved"}"#.utf8).write(to: URL(fileURLWithPath: LayeredSettings.saveFile))
        try LayeredSettings.reloadSharedInstance()
        let settings = LayeredSettings.shared
        #expect(settings.theme == "light")
        #expect(settings.volume == 9)
        #expect(settings.user == "saved")
        #expect(settings.nickname == nil)
    }

    @Test func hasSharedInstanceNeverCreatesOne() {
        Counter.setSharedInstance(nil)
        #expect(!Counter.hasSharedInstance)
        #expect(!Counter.hasSharedInstance)
        _ = Counter.shared
        #expect(Counter.hasSharedInstance)
    }

    @Test func replacingIsAnnouncedButCreatingIsNot() async throws {
        Announced.setSharedInstance(nil)
        let updates = Announced.sharedInstanceUpdates
        _ = Announced.shared                    // creation: not announced
        Announced.setSharedInstance(nil)        // freeing is a replacement
        _ = Announced.shared                    // creation again: not announced
        Announced.setSharedInstance(Announced()) // replacement
        Announced.setSharedInstance(nil)
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next() == SharedInstanceUpdate(typeName: "Announced", wasCleared: true))
        #expect(await iterator.next() == SharedInstanceUpdate(typeName: "Announced", wasCleared: false))
        #expect(await iterator.next() == SharedInstanceUpdate(typeName: "Announced", wasCleared: true))
    }

    @Test func savingAnInstanceThatIsNotSharedFails() {
        let stranger = Announced()
        let error = #expect(throws: ModelError.self) { try stranger.save() }
        guard case .unsupported? = error?.reason else { Issue.record("expected unsupported"); return }
    }

    @Test func eachSubclassHasItsOwnSharedInstance() {
        let base: BaseShared = BaseShared.shared
        let derived: DerivedShared = DerivedShared.shared
        #expect(base.name == "base")
        #expect(derived.name == "derived")
        #expect(ObjectIdentifier(base) != ObjectIdentifier(derived))
        #expect(DerivedShared.saveFile.hasSuffix("DerivedShared.json"))
    }

    @Test func concurrentSharedSetAndSaveNeitherCrashNorTearTheFile() async throws {
        Counter.setSharedInstance(nil)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 8 == 0 {
                        let fresh = Counter()
                        fresh.values = Array(0..<index)
                        Counter.setSharedInstance(fresh)
                    }
                    try? Counter.shared.save()
                }
            }
        }
        try Counter.shared.save()
        let saved = try Counter(contentsOf: URL(fileURLWithPath: Counter.saveFile))
        #expect(saved.values == Counter.shared.values)
    }
}

