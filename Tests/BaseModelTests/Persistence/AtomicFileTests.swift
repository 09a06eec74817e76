@testable import BaseModel
import Foundation
import Testing

/// Atomic writes go through `.<name>.basemodel-tmp`, a name the library owns: a temporary file
/// left by a write that was killed is taken over and renamed away by the next write of the same
/// file, so none piles up, and writers of one file take turns on it.
@Suite struct AtomicFileTests {
    struct Note: Model, Equatable {
        var title = ""
        var count = 0
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func theTemporaryNameIsTheLibrarys() {
        let url = URL(fileURLWithPath: "/data/TodoList.plist")
        #expect(AtomicFile.temporaryURL(for: url).path == "/data/.TodoList.plist.basemodel-tmp")
    }

    /// What a save killed after writing part of its temporary file leaves behind is removed by
    /// the next save of the same file: `write(to:)`, a shared instance's `save()`, and a
    /// directory store's save.
    @Test func aStaleTemporaryFileIsRemovedByTheNextSave() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("Note.json")
        try Data(#"{"title":"old"}"#.utf8).write(to: target)
        let stale = AtomicFile.temporaryURL(for: target)
        try Data(#"{"title":"half a wr"#.utf8).write(to: stale)
        #expect(try Self.names(in: folder) == [".Note.json.basemodel-tmp", "Note.json"])

        try Note(title: "new", count: 1).write(to: target, format: .json)
        #expect(try Self.names(in: folder) == ["Note.json"])
        #expect(try Note(contentsOf: target) == Note(title: "new", count: 1))

        // A store's file, the same way.
        let store = try DirectoryStore(directory: folder.appendingPathComponent("store"), format: .json)
        let player = Player(id: 7, name: "Ada")
        try await store.save(player)
        let file = store.fileURL(for: Player.self, id: 7)
        try Data("partial".utf8).write(to: AtomicFile.temporaryURL(for: file))
        try await store.save(Player(id: 7, name: "Grace"))
        #expect(try Self.names(in: file.deletingLastPathComponent()) == [file.lastPathComponent])
        #expect(try await store.fetch(Player.self, id: 7)?.name == "Grace")
    }

    /// A symbolic link where the temporary file goes is removed, never written through.
    @Test func aLinkInTheTemporaryPlaceIsNotFollowed() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try Data("untouched".utf8).write(to: elsewhere)
        let target = folder.appendingPathComponent("Note.json")
        try FileManager.default.createSymbolicLink(at: AtomicFile.temporaryURL(for: target), withDestinationURL: elsewhere)
        try Note(title: "new").write(to: target, format: .json)
        #expect(try Data(contentsOf: elsewhere) == Data("untouched".utf8))
        #expect(try Self.names(in: folder) == ["Note.json", "elsewhere"])
    }

    /// The file keeps its permission bits when it is replaced; a new file gets those asked for.
    @Test func aReplacedFileKeepsItsMode() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("Note.json")
        try AtomicFile.write(Data("1".utf8), to: target, mode: 0o640)
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o640)
        try Note(title: "new").write(to: target, format: .json)
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o640)
    }

    /// Many threads writing one file at once: each write is whole, none fails, and no temporary
    /// file is left.
    @Test func concurrentWritersOfOneFileTakeTurns() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("Note.json")
        let contents = (0..<6).map { writer in Data(String(repeating: "\(writer)", count: 100_000).utf8) }
        let failures = Locked<[ModelError]>([])
        DispatchQueue.concurrentPerform(iterations: contents.count) { writer in
            for _ in 0..<10 {
                do throws(ModelError) {
                    try AtomicFile.write(contents[writer], to: target)
                } catch {
                    failures.withLock { $0.append(error) }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(contents.contains(try Data(contentsOf: target)))
        #expect(try Self.names(in: folder) == ["Note.json"])
    }

    /// `create` makes the file once, through the same temporary name, and leaves none behind.
    @Test func createMakesTheFileOnce() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("key")
        try Data("stale".utf8).write(to: AtomicFile.temporaryURL(for: target))
        #expect(try AtomicFile.create(Data("first".utf8), at: target, mode: 0o600))
        #expect(try !AtomicFile.create(Data("second".utf8), at: target, mode: 0o600))
        #expect(try Data(contentsOf: target) == Data("first".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o600)
        #expect(try Self.names(in: folder) == ["key"])
    }
}
