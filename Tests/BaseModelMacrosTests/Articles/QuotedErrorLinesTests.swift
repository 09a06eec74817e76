import BaseModelMacros
import Foundation
import Testing

/// Models that make the errors the articles and doc comments quote.
enum QuotedErrors {
    @Model struct Timeline {
        var statuses: [Status] = []
    }

    @Model(keyCase: .snakeCase) struct Status {
        var user = Author()
    }

    @Model(keyCase: .snakeCase) struct Author {
        var followersCount = 0
    }

    @Model struct Checklist {
        var items: [Task] = []
    }

    @Model struct Task {
        var done = false
    }

    @Model struct Player: IdentifiedModel {
        @Key("player_id") var id: Int64 = 0
        var name = ""
    }

    @Model struct Team {
        var players: [Live<Player>] = []
    }
}

/// Every error line the documentation quotes, produced by the library and compared word for
/// word (`DocumentedErrorLinesTests` checks that each quoted line is asserted somewhere).
@Suite("Quoted error lines") struct QuotedErrorLinesTests {
    @Test func theMappingArticlesErrors() throws {
        let timeline: ModelValue = ["statuses": [[:], [:], [:], ["user": ["followers_count": "12k"]]]]
        let mismatch = #expect(throws: ModelError.self) { try QuotedErrors.Timeline(object: timeline) }
        #expect(mismatch?.description == #"statuses[3].user.followers_count: expected integer, found string "12k" (tree)"#)
        let fromJSON = #expect(throws: ModelError.self) {
            try QuotedErrors.Timeline(json: #"{"statuses": [{}, {}, {}, {"user": {"followers_count": "12k"}}]}"#)
        }
        #expect(fromJSON?.description == #"statuses[3].user.followers_count: expected integer, found string "12k" (json)"#)

        let date = #expect(throws: ModelError.self) { try MappingArticle.Game(object: ["release_date": "2006/02/16"]) }
        #expect(date?.description == #"release_date: invalid value: date(format: MM-dd-yyyy): expected a date string in the format MM-dd-yyyy "2006/02/16" (tree)"#)

        let syntax = #expect(throws: ModelError.self) { try ModelValue(data: Data("[x]".utf8)) }
        #expect(syntax?.description == #"[0]: malformed input: unexpected 'x', expected a value "x]" (json, at byte 1)"#)

        let tag = #expect(throws: ModelError.self) {
            try MappingArticle.Zoo(object: ["animals": [["type": "dog", "name": "Rex"], ["type": "cow", "name": "Daisy"]]])
        }
        #expect(tag?.description == #"animals[1]: invalid value: unknown type tag "cow" (known: "cat", "dog") (tree)"#)
    }

    @Test func theGettingStartedAndSharedInstanceErrors() throws {
        let checklist = #expect(throws: ModelError.self) {
            try QuotedErrors.Checklist(json: #"{"items": [{"done": true}, {"done": false}, {"done": "yes"}]}"#)
        }
        #expect(checklist?.description == #"items[2].done: expected bool, found string "yes" (json)"#)
    }

    @Test func theIdentityArticlesErrors() throws {
        let team = #expect(throws: ModelError.self) {
            try QuotedErrors.Team(object: ["players": [["player_id": 1, "name": "Ada"], ["name": "Grace"]]])
        }
        #expect(team?.description == "players[1].player_id: missing value (expected identifier of Player (Int64)) (tree)")
    }
}
