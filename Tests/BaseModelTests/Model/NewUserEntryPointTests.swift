import Foundation
import Testing

@testable import BaseModel

/// The entry points a new user reaches for first, as the README shows them: one way in and out
/// for untyped objects, bytes, URLs and relative paths.
@Suite struct NewUserEntryPointTests {
    struct TodoItem: Model, Equatable {
        var label = ""
        var checked = false
    }

    @Test func jsonTakesTextOrData() throws {
        let text = #"{"label": "Buy milk", "checked": true}"#
        #expect(try TodoItem(json: text) == TodoItem(label: "Buy milk", checked: true))
        #expect(try TodoItem(json: Data(text.utf8)) == TodoItem(label: "Buy milk", checked: true))
        #expect(throws: ModelError.self) { try TodoItem(json: Data("{".utf8)) }
    }

    @Test func aRelativePathIsReadFromWhereARelativeWriteWentTo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-relative-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let item = TodoItem(label: "Engine", checked: true)
        try ModelLocations.withApplicationSupport(folder) {
            try item.write(to: "Projects/Engine.json", format: .json)
            #expect(try TodoItem(contentsOf: "Projects/Engine.json") == item)
            #expect(try ModelValue(contentsOf: "Projects/Engine.json")["label"] == "Engine")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Projects/Engine.json").path))
    }

    @Test func objectDetectsFileBytesInAnyFormat() throws {
        let item = TodoItem(label: "Feed the cat", checked: true)
        for format in [ModelFormat.binaryPropertyList, .xmlPropertyList, .keyedArchive, .fast, .hrBinary, .json] {
            let bytes = try item.data(format: format)
            #expect(try TodoItem(object: bytes) == item, "\(format)")
        }
    }

    @Test func bytesNoFormatRecognisesStayBareData() throws {
        struct Blob: Model, Equatable {
            var bytes = Data()
            static func make(from value: ModelValue) throws -> Blob? {
                guard case .data(let data) = value else { return nil }
                return Blob(bytes: data)
            }
        }
        let raw = Data([0x00, 0x01, 0x02, 0xFF])
        #expect(try Blob(object: raw) == Blob(bytes: raw))
    }

    @Test(.corpus) func anyFileReadsAsATreeInOneCall() throws {
        let tree = try ModelValue(contentsOf: ModelCorpus.root.appendingPathComponent("json/twitter.json"))
        guard case .string(let text)? = tree["statuses"]?[0]?["text"] else {
            Issue.record("no text in the first status")
            return
        }
        #expect(!text.isEmpty)
        let item = TodoItem(label: "Buy milk", checked: false)
        #expect(try ModelValue(data: item.data(format: .binaryPropertyList)) == ["label": "Buy milk", "checked": false])
        #expect(throws: ModelError.self) { try ModelValue(data: Data()) }
    }
}
