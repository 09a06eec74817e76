import BaseModel
import BaseModelMacros
import Foundation

/// Properties typed with a protocol (`[any Shape]`, `(any Shape)?`, `[String: any Shape]`)
/// declared with `@Polymorphic`, and their twin written without the macro, whose hand-written
/// `init(from:)` and `encode(to:)` call the containers' polymorphic entry points.
enum ProtocolPolymorphismFixtures {
    protocol Shape: Model {}

    @Model struct Circle: Shape {
        var radius = 0.0
    }

    @Model struct Square: Shape {
        var side = 0.0
    }

    /// The fallback of `focus`.
    @Model struct Blob: Shape {
        var name = ""
    }

    @Model struct Drawing {
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape] = []
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var background: (any Shape)?
        @Polymorphic(.external(["circle": Circle.self, "square": Square.self])) var layers: [String: any Shape] = [:]
        @Key("main") @Polymorphic(.adjacent(tag: "kind", content: "data", ["circle": Circle.self], fallback: Blob.self))
        var focus: (any Shape)?
        var title = ""
    }

    /// `Drawing` without the macro.
    struct PlainDrawing: Model {
        var shapes: [any Shape] = []
        var background: (any Shape)?
        var layers: [String: any Shape] = [:]
        var focus: (any Shape)?
        var title = ""

        static let keyPaths: [String: RemoteKeyPath] = ["focus": "main"]
        static let tagged = Polymorphism.tag("kind", ["circle": Circle.self, "square": Square.self])
        static let wrapped = Polymorphism.external(["circle": Circle.self, "square": Square.self])
        static let beside = Polymorphism.adjacent(tag: "kind", content: "data", ["circle": Circle.self], fallback: Blob.self)

        private enum CodingKeys: String, CodingKey {
            case shapes, background, layers, focus, title
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            shapes = try container.decode([any Shape].self, forKey: .shapes, polymorphism: Self.tagged)
            background = try container.decode((any Shape)?.self, forKey: .background, polymorphism: Self.tagged)
            layers = try container.decode([String: any Shape].self, forKey: .layers, polymorphism: Self.wrapped)
            focus = try container.decode((any Shape)?.self, forKey: .focus, polymorphism: Self.beside)
            title = try container.decode(String.self, forKey: .title)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(shapes, forKey: .shapes, polymorphism: Self.tagged)
            try container.encode(background, forKey: .background, polymorphism: Self.tagged)
            try container.encode(layers, forKey: .layers, polymorphism: Self.wrapped)
            try container.encode(focus, forKey: .focus, polymorphism: Self.beside)
            try container.encode(title, forKey: .title)
        }
    }

    /// Properties without a default, in each form: the input must give them. `init()` fills
    /// `shape` with a `Circle` (the table's first type) and `badge` with a `Blob` (the fallback).
    @Model struct Frame {
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shape: any Shape
        @Key("mark") @Polymorphic(.external(["circle": Circle.self], fallback: Blob.self)) var badge: any Shape
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape]
        @Polymorphic(.external(["circle": Circle.self, "square": Square.self])) var layers: [String: any Shape]
        @Polymorphic(.tag("kind", ["circle": Circle.self]) { object, _ in object["hidden"] == true ? .drop : .unknown })
        var hint: any Shape
        var title = ""
    }

    /// Frames in an array: a missing key's path goes through it.
    @Model struct Gallery {
        var frames: [Frame] = []
    }

    /// `Frame`'s `shape` without the macro: `init()` leaves it `nil`, so decoding requires it.
    struct PlainFrame: Model {
        var shape: (any Shape)!
        var title = ""

        static let kinds = Polymorphism.tag("kind", ["circle": Circle.self, "square": Square.self])

        private enum CodingKeys: String, CodingKey {
            case shape, title
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            shape = try container.decode((any Shape).self, forKey: .shape, polymorphism: Self.kinds)
            title = try container.decode(String.self, forKey: .title)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(shape, forKey: .shape, polymorphism: Self.kinds)
            try container.encode(title, forKey: .title)
        }
    }

    /// A hook that drops hidden objects and reads four sides as a square.
    @Model struct Sketch {
        @Polymorphic(
            .tag("kind", ["circle": Circle.self]) { object, _ in
                object["hidden"] == true ? .drop : object["sides"] == 4 ? .type(Square.self) : .unknown
            })
        var shapes: [any Shape] = []
        @Polymorphic(.tag("kind", ["circle": Circle.self]) { object, _ in object["hidden"] == true ? .drop : .unknown })
        var main: (any Shape)? = Circle(radius: 9)
    }

    /// A class with an existential property, and a subclass with one of its own.
    @Model class Canvas: @unchecked Sendable {
        @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shapes: [any Shape] = []
    }

    @Model final class Poster: Canvas, @unchecked Sendable {
        @Polymorphic(.external(["square": Square.self])) var frame: (any Shape)?
        var title = ""
    }
}
