import BaseModelMacros
import Foundation
import Testing

/// The first README's section "The model macro" (now the article of `BaseModelMacros`), run: the macro form and the
/// macro-free form beside it, with the same names. Keep the two in step.
enum ReadmeMacro {
    @Model struct Game {
        @Key("game_id") var id = ""
        var name = ""
        @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
        @Key("venue.address.city") var city = ""
        @Key("images.0.url") var thumbnail: URL?
        @Uncodable var cache: [String: Int] = [:]
    }

    @Model class Animal { var name = "" }
    @Model final class Dog: Animal { var breed = "" }     // no hand-written init(from:)/encode(to:)

    protocol Shape: Model {}
    @Model struct Circle: Shape { var radius = 0.0 }
    @Model struct Square: Shape { var side = 0.0 }

    @Model struct Canvas {
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var main: any Shape          // required
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var overlay: (any Shape)?
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape]      // required
        @Polymorphic(.external(["circle": Circle.self, "square": Square.self])) var layers: [String: any Shape] = [:]
    }

    /// The same models without the macro.
    enum WithoutMacro {
        struct Game: Model {
            var id = ""
            var name = ""
            var releaseDate: Date?
            var city = ""
            var thumbnail: URL?
            var cache: [String: Int] = [:]

            static let keyPaths: [String: RemoteKeyPath] = [
                "id": "game_id", "releaseDate": .firstOf("release_date", "released"),
                "city": "venue.address.city", "thumbnail": "images.0.url",
            ]
            static let transformers: [String: ModelTransformer] = ["releaseDate": .date(format: "MM-dd-yyyy")]
            static let uncodableKeys: Set<String> = ["cache"]
        }

        class Animal: Model {
            var name = ""
            required init() {}
        }

        final class Dog: Animal {
            var breed = ""
            private enum CodingKeys: String, CodingKey { case breed }
            required init() { super.init() }
            required init(from decoder: any Decoder) throws {
                breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
                try super.init(from: decoder)
            }
            override func encode(to encoder: any Encoder) throws {
                try super.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(breed, forKey: .breed)
            }
        }
    }
}

@Suite("README: the model macro") struct ReadmeMacroExamplesTests {
    static var payload: [String: Any] {
        [
            "game_id": "93", "name": "Okami", "released": "02-16-2006",
            "venue": ["address": ["city": "Osaka"]], "images": [["url": "https://example.com/o.png"]], "cache": ["a": 1],
        ]
    }

    @Test func bothFormsOfTheGameReadAndWriteTheSame() throws {
        let game = try ReadmeMacro.Game(object: Self.payload)
        let plain = try ReadmeMacro.WithoutMacro.Game(object: Self.payload)
        #expect(game.id == "93" && game.city == "Osaka" && game.releaseDate != nil && game.cache.isEmpty)
        #expect(game.thumbnail?.absoluteString == "https://example.com/o.png")
        #expect(try game.treeRepresentation() == plain.treeRepresentation())
        #expect(ReadmeMacro.Game.allPropertyKeys == ReadmeMacro.WithoutMacro.Game.allPropertyKeys)
        #expect(ReadmeMacro.Game.codablePropertyKeys == ["id", "name", "releaseDate", "city", "thumbnail"])
    }

    @Test func bothFormsOfTheSubclassReadAndWriteTheSame() throws {
        let dog = try ReadmeMacro.Dog(object: ["name": "Rex", "breed": "Collie"])
        let plain = try ReadmeMacro.WithoutMacro.Dog(object: ["name": "Rex", "breed": "Collie"])
        #expect(dog.name == "Rex" && dog.breed == "Collie")
        #expect(try dog.treeRepresentation() == plain.treeRepresentation())
    }

    @Test func theProtocolFormsReadAndWriteAndTheRequiredOnesMustBeThere() throws {
        let payload: ModelValue = [
            "main": ["kind": "circle", "radius": 1.5],
            "overlay": ["kind": "square", "side": 2.5],
            "shapes": [["kind": "square", "side": 0.5]],
            "layers": ["top": ["circle": ["radius": 3.5]]],
        ]
        let canvas = try ReadmeMacro.Canvas(object: payload)
        #expect((canvas.main as? ReadmeMacro.Circle)?.radius == 1.5 && canvas.overlay is ReadmeMacro.Square)
        #expect(canvas.shapes.count == 1 && canvas.layers["top"] is ReadmeMacro.Circle)
        #expect(try canvas.treeRepresentation() == payload)
        let bare = try ReadmeMacro.Canvas(object: ["main": ["kind": "square"], "shapes": []])
        #expect(bare.overlay == nil && bare.layers.isEmpty)
        for key in ["main", "shapes"] {
            guard case .dictionary(var entries) = payload else { return }
            entries[key] = nil
            let error = try #require(throws: ModelError.self) { try ReadmeMacro.Canvas(object: ModelValue.dictionary(entries)) }
            #expect(error.path == [.key(key)], "\(error)")
            guard case .missingValue = error.reason else {
                Issue.record("\(key): \(error)")
                continue
            }
        }
    }
}
