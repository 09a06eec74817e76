import BaseModelPostgres

/// A user account keyed by number, its screen name stored as `screen_name`.
struct Account: IdentifiedModel, Equatable {
    var id = 0
    var screenName = ""
    var name = ""
    var followers = 0

    static let keyPaths: [String: RemoteKeyPath] = ["screenName": "screen_name"]

    static let samples: [Account] = [
        Account(id: 1, screenName: "ada", name: "Ada Lovelace", followers: 1815),
        Account(id: 2, screenName: "grace", name: "Grace Hopper", followers: 1906),
        Account(id: 3, screenName: "édith", name: "Édith 🎮", followers: 0),
    ]
}
