import Foundation
import Testing

@testable import BaseModel

/// I/O failures keep what the system said: the operation, the path and the POSIX error number.
@Suite struct IOErrorTests {
    struct Note: Model, Equatable { var title = "" }

    @Test func aMissingFileIsAnIOErrorWithItsErrno() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Note.json")
        let error = try #require(throws: ModelError.self) { try Note(contentsOf: missing) }
        guard case .io(let operation, let path, let code, let message) = error.reason else {
            Issue.record("not an I/O error: \(error)")
            return
        }
        #expect(operation == "read")
        #expect(path == missing.path)
        #expect(code == Int(ENOENT))
        #expect(!message.isEmpty)
        #expect(error.description.hasPrefix("cannot read \(missing.path): "))
        #expect(throws: ModelError.self) { try ModelValue(contentsOf: missing) }
    }

    @Test func writingUnderAFileIsAnIOErrorNamingTheFormat() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bm-io-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        let target = file.appendingPathComponent("Note.json")
        let error = try #require(throws: ModelError.self) { try Note(title: "a").write(to: target, format: .json) }
        guard case .io(let operation, _, _, _) = error.reason else {
            Issue.record("not an I/O error: \(error)")
            return
        }
        #expect(operation == "write")
        #expect(error.format == .json)
    }

    @Test func formatsAreTyped() throws {
        let error = try #require(throws: ModelError.self) { try Note(json: "{") }
        #expect(error.format == .json)
        let tree = try #require(throws: ModelError.self) { try ModelDecoder().decode(Note.self, from: ["title": 1]) }
        #expect(tree.format == .tree)
        #expect(tree.description.hasSuffix("(tree)"))
    }
}
