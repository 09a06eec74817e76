@testable import BaseModelSQLite
import Foundation
import GRDB
import Testing

/// A stored note that counts how often it is decoded, so a test sees whether a save read the row
/// it replaces.
struct CountedNote: IdentifiedModel, Equatable {
    static let decodes = Locked(0)

    var id: Int64 = 0
    var text = ""

    init() {}

    init(id: Int64, text: String) {
        self.id = id
        self.text = text
    }

    init(from decoder: any Decoder) throws {
        Self.decodes.withLock { $0 += 1 }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
    }

    private enum CodingKeys: String, CodingKey {
        case id, text
    }
}

/// A store's note with a nested array, for limits.
struct CountedTally: IdentifiedModel, Equatable {
    var id: Int64 = 0
    var marks: [Int] = []
}

/// The SQLite store replaces a row it wrote or read without decoding it again, still reads any
/// other row before replacing it (refusing a newer one before decoding it, moving an undecodable
/// one aside), and reads with its context's limits.
@Suite(.serialized) struct SQLiteReplaceTests {
    var decodes: Int { CountedNote.decodes.withLock { $0 } }

    func replaceBody(of folder: StoreFolder, with json: String) async throws {
        try await DatabaseQueue(path: folder.database.path).write { db in
            try db.execute(sql: "UPDATE model SET body = ? WHERE type = 'CountedNote' AND id = 1", arguments: [Data(json.utf8)])
        }
    }

    @Test func aSaveOverARowTheStoreKnowsDoesNotDecodeIt() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(url: folder.database, format: .json)
        try await store.save(CountedNote(id: 1, text: "one"))
        CountedNote.decodes.withLock { $0 = 0 }
        try await store.save(CountedNote(id: 1, text: "two"))
        #expect(decodes == 0)
        #expect(try await store.fetch(CountedNote.self, id: 1) == CountedNote(id: 1, text: "two"))
        #expect(decodes == 1)
        // The row the fetch read is known too.
        try await store.save(CountedNote(id: 1, text: "three"))
        #expect(decodes == 1)

        // A row of a newer version written behind the store's back is refused before it is decoded.
        try await replaceBody(of: folder, with: #"{"id": 1, "text": "edited", "$schemaVersion": 2}"#)
        let error = await #expect(throws: ModelError.self) { try await store.save(CountedNote(id: 1, text: "four")) }
        #expect(error?.reason == .newerVersion(found: 2, known: 1))
        #expect(decodes == 1)

        // One that does not decode is moved aside, one that does is replaced.
        try await replaceBody(of: folder, with: #"{"id": 1, "text": 5}"#)
        try await store.save(CountedNote(id: 1, text: "five"))
        #expect(try SQLiteVersionTests.unreadable(store).count == 1)
        try await replaceBody(of: folder, with: #"{"id": 1, "text": "edited"}"#)
        CountedNote.decodes.withLock { $0 = 0 }
        try await store.save(CountedNote(id: 1, text: "six"))
        #expect(decodes == 1)
        #expect(try SQLiteVersionTests.unreadable(store).count == 1)
        #expect(try await store.fetch(CountedNote.self, id: 1) == CountedNote(id: 1, text: "six"))
    }

    @Test func readsKeepToTheContextsLimits() async throws {
        let folder = StoreFolder()
        defer { folder.remove() }
        try await SQLiteStore(url: folder.database, format: .json).save(CountedTally(id: 1, marks: Array(0..<20)))
        let store = try SQLiteStore(url: folder.database, format: .json, context: ModelContext(limits: DecodingLimits(maximumDepth: 1)))
        let error = await #expect(throws: ModelError.self) { try await store.fetch(CountedTally.self, id: 1) }
        #expect(error?.description.contains("maximumDepth") == true)
        #expect(try await store.fetchAll(CountedTally.self).failures.count == 1)
    }
}
