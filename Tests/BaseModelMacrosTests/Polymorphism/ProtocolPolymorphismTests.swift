@testable import BaseModel
import BaseModelMacros
import Foundation
import Testing

/// Properties typed with a protocol decode the conforming type the payload's tag names and
/// write the tag back (issue 13, part 3): through `@Polymorphic`, and through a hand-written
/// `init(from:)`/`encode(to:)` calling the containers' entry points, with the same results.
@Suite struct ProtocolPolymorphismTests {
    typealias Fixtures = ProtocolPolymorphismFixtures
    typealias Circle = Fixtures.Circle
    typealias Square = Fixtures.Square

    static let payload: ModelValue = [
        "shapes": [["kind": "circle", "radius": 1.5], ["kind": "square", "side": 2.5]],
        "background": ["kind": "square", "side": 10.5],
        "layers": ["top": ["circle": ["radius": 3.5]]],
        "main": ["kind": "circle", "data": ["radius": 4.5]],
        "title": "Plan",
    ]

    static let formats: [ModelFormat] = [.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast]

    static func typeNames(_ shapes: [any Fixtures.Shape]) -> [String] { shapes.map { String(describing: type(of: $0)) } }

    @Test func theMacroRunsInitFromDecoderForAnExistential() throws {
        #expect(Fixtures.Drawing.declaredProperties != nil)
        #expect(ModelSchema.of(Fixtures.Drawing.self).direct == nil)
    }

    @Test func tagsChooseTheConformingTypes() throws {
        let drawing = try Fixtures.Drawing(object: Self.payload)
        #expect(Self.typeNames(drawing.shapes) == ["Circle", "Square"])
        #expect((drawing.shapes[0] as? Circle)?.radius == 1.5)
        #expect((drawing.shapes[1] as? Square)?.side == 2.5)
        #expect((drawing.background as? Square)?.side == 10.5)
        #expect((drawing.layers["top"] as? Circle)?.radius == 3.5)
        #expect((drawing.focus as? Circle)?.radius == 4.5)
        #expect(drawing.title == "Plan")
    }

    @Test func encodingWritesTheTagsBack() throws {
        #expect(try Fixtures.Drawing(object: Self.payload).treeRepresentation() == Self.payload)
        #expect(try Fixtures.PlainDrawing(object: Self.payload).treeRepresentation() == Self.payload)
    }

    @Test(arguments: formats) func everyFormatRoundTripsTheSameWithAndWithoutTheMacro(format: ModelFormat) throws {
        let drawing = try Fixtures.Drawing(object: Self.payload)
        let macroBytes = try drawing.data(format: format)
        let plainBytes = try Fixtures.PlainDrawing(object: Self.payload).data(format: format)
        let again = try Fixtures.Drawing(object: macroBytes)
        #expect(Self.typeNames(again.shapes) == ["Circle", "Square"], "\(format)")
        #expect(again.background is Square, "\(format)")
        #expect(try again.treeRepresentation() == Self.payload, "\(format)")
        #expect(try Fixtures.PlainDrawing(object: plainBytes).treeRepresentation() == Self.payload, "\(format)")
        // Each reads the other's bytes.
        #expect(try Fixtures.PlainDrawing(object: macroBytes).treeRepresentation() == Self.payload, "\(format)")
        #expect(try Fixtures.Drawing(object: plainBytes).treeRepresentation() == Self.payload, "\(format)")
    }

    @Test func anUnknownTagFallsBackOrFailsWithItsPathAndName() throws {
        let fallback = try Fixtures.Drawing(object: ["main": ["kind": "blob", "data": ["name": "ink"]]])
        #expect((fallback.focus as? Fixtures.Blob)?.name == "ink")

        let payload: ModelValue = ["shapes": [["kind": "circle"], ["kind": "hexagon", "sides": 6]]]
        let macro = try #require(throws: ModelError.self) { try Fixtures.Drawing(object: payload) }
        let plain = try #require(throws: ModelError.self) { try Fixtures.PlainDrawing(object: payload) }
        #expect(macro == plain)
        #expect(macro.path == [.key("shapes"), .index(1)])
        #expect("\(macro)".contains("unknown type tag \"hexagon\""))
    }

    @Test func theHookChoosesAndDrops() throws {
        let sketch = try Fixtures.Sketch(object: [
            "shapes": [["kind": "circle", "radius": 1], ["hidden": true], ["sides": 4, "side": 2]],
            "main": ["hidden": true],
        ])
        #expect(Self.typeNames(sketch.shapes) == ["Circle", "Square"])
        #expect((sketch.shapes[1] as? Square)?.side == 2)
        // A dropped single value keeps its default.
        #expect((sketch.main as? Circle)?.radius == 9)
    }

    @Test func absentKeysKeepTheDefaults() throws {
        let empty = try Fixtures.Drawing(object: ["title": "Empty"])
        #expect(empty.shapes.isEmpty && empty.background == nil && empty.layers.isEmpty && empty.focus == nil)
        let nullBackground: ModelValue = ["title": "Empty", "background": .null]
        let plain = try Fixtures.PlainDrawing(object: nullBackground)
        #expect(plain.shapes.isEmpty && plain.background == nil)
        // A null where a required value belongs is a mismatch, as for any property.
        let nullShapes: ModelValue = ["shapes": .null]
        let error = try #require(throws: ModelError.self) { try Fixtures.Drawing(object: nullShapes) }
        #expect(error.path == [.key("shapes")])
    }

    @Test func aCopyKeepsEachElementsType() throws {
        let copy = try Fixtures.Drawing(object: Self.payload).copy()
        #expect(Self.typeNames(copy.shapes) == ["Circle", "Square"])
        #expect(copy.background is Square && copy.focus is Circle)
        #expect(try copy.treeRepresentation() == Self.payload)
        let plainCopy = try Fixtures.PlainDrawing(object: Self.payload).copy()
        #expect(try plainCopy.treeRepresentation() == Self.payload)
    }

    /// Foundation's coders know no remote keys (`focus` stays `focus`), but read and write the
    /// same tags.
    @Test func foundationsCodersReadAndWriteTheSameTags() throws {
        var payload = Self.payload
        if case .dictionary(var entries) = payload {
            entries["main"] = nil
            payload = .dictionary(entries)
        }
        let bytes = try Fixtures.Drawing(object: payload).jsonData()
        for decoded in [
            try JSONDecoder().decode(Fixtures.Drawing.self, from: bytes).treeRepresentation(),
            try JSONDecoder().decode(Fixtures.PlainDrawing.self, from: bytes).treeRepresentation(),
        ] {
            #expect(decoded == payload)
        }
        let drawing = try JSONDecoder().decode(Fixtures.Drawing.self, from: bytes)
        #expect(Self.typeNames(drawing.shapes) == ["Circle", "Square"])
        let written = try JSONEncoder().encode(drawing)
        #expect(try ModelValue(data: written) == payload)
        #expect(try Fixtures.Drawing(object: written).treeRepresentation() == payload)
        #expect(try ModelValue(data: JSONEncoder().encode(Fixtures.PlainDrawing(object: payload))) == payload)

        let unknown = Data(#"{"shapes": [{"kind": "hexagon"}], "title": ""}"#.utf8)
        let error = try #require(throws: ModelError.self) { try JSONDecoder().decode(Fixtures.Drawing.self, from: unknown) }
        #expect(error.path == [.key("shapes"), .index(0)])
        #expect("\(error)".contains("\"hexagon\""))
        // An absent optional is nil.
        let bare = try JSONDecoder().decode(Fixtures.PlainDrawing.self, from: Data(#"{"shapes": [], "layers": {}, "title": ""}"#.utf8))
        #expect(bare.background == nil && bare.focus == nil)
    }

    @Test func aSubclassAddsExistentialsToItsSuperclasses() throws {
        let payload: ModelValue = [
            "shapes": [["kind": "square", "side": 1.5]], "frame": ["square": ["side": 8.5]], "title": "Sale",
        ]
        let poster = try Fixtures.Poster(object: payload)
        #expect(Self.typeNames(poster.shapes) == ["Square"])
        #expect((poster.frame as? Square)?.side == 8.5)
        #expect(poster.title == "Sale")
        for format in Self.formats {
            #expect(try Fixtures.Poster(object: poster.data(format: format)).treeRepresentation() == payload, "\(format)")
        }
        #expect(try JSONDecoder().decode(Fixtures.Poster.self, from: poster.jsonData()).treeRepresentation() == payload)
    }

    // MARK: Properties without a default (issue 30)

    static let framePayload: ModelValue = [
        "shape": ["kind": "square", "side": 2.5],
        "mark": ["circle": ["radius": 0.5]],
        "shapes": [["kind": "circle", "radius": 1.5]],
        "layers": ["top": ["square": ["side": 3.5]]],
        "hint": ["kind": "circle", "radius": 7.5],
        "title": "Plan",
    ]

    static func removing(_ key: String, from value: ModelValue) -> ModelValue {
        guard case .dictionary(var entries) = value else { return value }
        entries[key] = nil
        return .dictionary(entries)
    }

    @Test(arguments: formats) func requiredPropertiesReadAndWriteInEveryFormat(format: ModelFormat) throws {
        let frame = try Fixtures.Frame(object: Self.framePayload)
        #expect((frame.shape as? Square)?.side == 2.5)
        #expect((frame.badge as? Circle)?.radius == 0.5)
        #expect(Self.typeNames(frame.shapes) == ["Circle"] && frame.layers["top"] is Square)
        #expect(try frame.treeRepresentation() == Self.framePayload)
        let again = try Fixtures.Frame(object: frame.data(format: format))
        #expect(try again.treeRepresentation() == Self.framePayload, "\(format)")
    }

    @Test(arguments: ["shape", "mark", "shapes", "layers", "hint"])
    func aMissingRequiredPropertyIsAnErrorNamingItsPath(key: String) throws {
        let payload = Self.removing(key, from: Self.framePayload)
        let error = try #require(throws: ModelError.self) { try Fixtures.Frame(object: payload) }
        #expect(error.path == [.key(key)], "\(error)")
        guard case .missingValue = error.reason else {
            Issue.record("not a missing value: \(error)")
            return
        }
        // Through an array of models, in a format's index, and under Foundation's decoder.
        let gallery: ModelValue = ["frames": [Self.framePayload, payload]]
        let nested = try #require(throws: ModelError.self) { try Fixtures.Gallery(object: gallery) }
        #expect(nested.path == [.key("frames"), .index(1), .key(key)], "\(nested)")
        let bytes = try Fixtures.Gallery(object: ["frames": [Self.framePayload]]).data(format: .fast)
        #expect(try Fixtures.Gallery(data: bytes).frames.count == 1)
        if key == "shape" {
            // Foundation's decoder reads the Swift names, so only the first property is a fair test.
            let json = Data(#"{"frames": [{"title": "Plan"}]}"#.utf8)
            let foundation = try #require(throws: ModelError.self) { try JSONDecoder().decode(Fixtures.Gallery.self, from: json) }
            #expect(foundation.path.description.hasSuffix("shape"), "\(foundation)")
        }
    }

    @Test func aDroppedOrNullRequiredValueIsMissingToo() throws {
        let dropped = try #require(throws: ModelError.self) {
            try Fixtures.Frame(object: Self.framePayload.replacing("hint", with: ["hidden": true]))
        }
        #expect(dropped.path == [.key("hint")])
        let null = try #require(throws: ModelError.self) { try Fixtures.Frame(object: Self.framePayload.replacing("shape", with: .null)) }
        #expect(null.path == [.key("shape")])
    }

    @Test func initGivesPlaceholdersAndTheMemberwiseInitializerStays() throws {
        let placeholder = Fixtures.Frame()
        #expect(placeholder.shape is Circle && placeholder.badge is Fixtures.Blob)
        #expect(placeholder.shapes.isEmpty && placeholder.layers.isEmpty)
        let made = Fixtures.Frame(shape: Square(side: 1), badge: Circle(), shapes: [], layers: [:], hint: Circle())
        #expect((made.shape as? Square)?.side == 1)
        // A copy keeps the values, not the placeholders.
        let copy = try Fixtures.Frame(object: Self.framePayload).copy()
        #expect(try copy.treeRepresentation() == Self.framePayload)
    }

    @Test func withoutTheMacroAnImplicitlyUnwrappedPropertyIsRequired() throws {
        let payload: ModelValue = ["shape": ["kind": "circle", "radius": 2.5], "title": "Plan"]
        let frame = try Fixtures.PlainFrame(object: payload)
        #expect((frame.shape as? Circle)?.radius == 2.5)
        #expect(try frame.treeRepresentation() == payload)
        #expect(try Fixtures.PlainFrame(object: ["shape": ["kind": "square"]]).title == "")
        let error = try #require(throws: ModelError.self) { try Fixtures.PlainFrame(object: ["title": "Plan"]) }
        #expect(error.path == [.key("shape")])
        guard case .missingValue = error.reason else {
            Issue.record("not a missing value: \(error)")
            return
        }
        #expect(throws: ModelError.self) { try JSONDecoder().decode(Fixtures.PlainFrame.self, from: Data(#"{"title": ""}"#.utf8)) }
    }
}

extension ModelValue {
    /// This dictionary with `key` set to `value`.
    fileprivate func replacing(_ key: String, with value: ModelValue) -> ModelValue {
        guard case .dictionary(var entries) = self else { return self }
        entries[key] = value
        return .dictionary(entries)
    }
}
