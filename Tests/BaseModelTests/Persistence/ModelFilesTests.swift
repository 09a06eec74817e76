@testable import BaseModel
import Foundation
import Testing

@Suite(.serialized) struct ModelFilesTests {
    struct Note: Model, Equatable {
        var title = ""
        var created = Date(timeIntervalSince1970: 0)
        var attachment = Data()
        var tags: [String] = []
        var rating: Double?
    }

    func sample() -> Note {
        Note(title: "Shopping", created: Date(timeIntervalSince1970: 1_700_000_000.25), attachment: Data([1, 2, 3]),
             tags: ["home"], rating: 4.5)
    }

    @Test func jsonFileRoundTripsThroughTheApplicationSupportFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ModelLocations.withApplicationSupport(folder) {
            try sample().write(to: "Notes/Note.json", format: .json)
        }
        #expect(url == folder.appendingPathComponent("Notes/Note.json"))
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""created":"2023-11-14T22:13:20.250Z""#))
        #expect(text.contains(#""attachment":"AQID""#))
        #expect(try Note(contentsOf: url) == sample())
    }

    @Test func loadingDetectsTheFormatFromTheBytesNotTheName() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("note-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try sample().write(to: url, format: .json)
        #expect(try Note(contentsOf: url) == sample())
    }

    @Test func unreadableEmptyAndUnknownFilesAreTypedErrors() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
        #expect(throws: ModelError.self) { try Note(contentsOf: missing) }
        let empty = #expect(throws: ModelError.self) { try Note(data: Data()) }
        #expect(empty?.reason == .empty)
        let unknown = #expect(throws: ModelError.self) { try Note(data: Data([0x00, 0x01, 0x02])) }
        guard case .malformed? = unknown?.reason else { Issue.record("expected malformed, got \(String(describing: unknown))"); return }
    }

    @Test func aFailedEncodeLeavesTheOldFileUntouched() throws {
        struct Wild: Model { var value = Double.nan }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wild-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("old".utf8).write(to: url)
        #expect(throws: ModelError.self) { try Wild().write(to: url, format: .json) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
    }
}
