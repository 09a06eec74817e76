@testable import BaseModelSQLite
import Foundation

/// A game as FDModel's README has it: a string identifier read from `game_id`.
struct Game: IdentifiedModel, Equatable {
    var id = ""
    var name = ""
    var releaseDate: Date?
    var score: Int?
    var platforms: [String] = []

    static let keyPaths: [String: RemoteKeyPath] = ["id": "game_id", "name": "GameTitle", "releaseDate": "ReleaseDate"]
}

/// A ticket keyed by number; saved under the same type name as ``TicketByCode``.
struct TicketByNumber: IdentifiedModel, Equatable {
    var id = 0
    var seat = ""
    static var typeName: String { "Ticket" }
}

/// A ticket keyed by code; saved under the same type name as ``TicketByNumber``.
struct TicketByCode: IdentifiedModel, Equatable {
    var id = ""
    var seat = ""
    static var typeName: String { "Ticket" }
}

/// A fresh folder under the temporary directory, and the store file inside it.
struct StoreFolder {
    let url: URL

    init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("bm-sqlite-\(safe)-\(UUID().uuidString)", isDirectory: true)
    }

    /// The database file of the folder's store.
    var database: URL { url.appendingPathComponent("store.sqlite") }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(at: url) }
}

extension Game {
    /// A few games with every field set, and one with the optionals empty.
    static let samples: [Game] = [
        Game(id: "93", name: "Okami", releaseDate: Date(timeIntervalSince1970: 1_140_048_000.25), score: 93, platforms: ["PS2", "Wii"]),
        Game(id: "7", name: "Ico", releaseDate: Date(timeIntervalSince1970: 1_001_462_400), score: 90, platforms: ["PS2"]),
        Game(id: "é-ünï", name: "Ünïcode 🎮", releaseDate: nil, score: nil, platforms: []),
    ]
}
