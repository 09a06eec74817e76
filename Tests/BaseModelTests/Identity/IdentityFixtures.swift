@testable import BaseModel
import Foundation

/// FDModel's example game: the identifier under `id`, a `MM/dd/yyyy` release date through a
/// transformer, a publisher that payloads give as a dictionary or as a bare identifier, and
/// players as an array of identified elements.
struct FDGame: IdentifiedModel {
    var id = ""
    var name = ""
    var releaseDate: Date?
    var platform: String?
    var rating = 0
    var publisher: Live<Publisher>?
    var players: [Live<Player>] = []

    static let keyPaths: [String: RemoteKeyPath] = [
        "name": "GameTitle", "releaseDate": "ReleaseDate", "platform": "Platform",
    ]
    static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM/dd/yyyy")]
}

/// A publisher, identified by a string.
struct Publisher: IdentifiedModel {
    var id = ""
    var name = ""
    var country: String?
}

/// A player, identified by an integer under `player_id`.
struct Player: IdentifiedModel {
    var id: Int64 = 0
    var name = ""
    var score = 0

    static let keyPaths: [String: RemoteKeyPath] = ["id": "player_id"]
}

/// An identified model whose identifier arrives as a string and is read leniently.
struct LenientPlayer: IdentifiedModel {
    var id: Int64 = 0
    var name = ""
    static var coercion: Coercion { .lenient }
}

/// The 2006-02-16 of the game fixtures, at midnight UTC.
let okamiRelease = Date(timeIntervalSince1970: 1_140_048_000)
