@testable import BaseModel
import BaseModelMacros
import Foundation
import Testing

/// Struct models nested in a generated model, alone or in arrays, are written without encoders
/// of their own (opened in place): the output, the errors and their paths, the aliases of shared
/// instances and the depth limit are what the encoder path gives.
@Suite struct OpenedModelTests {
    typealias Shelf = MacroFixtures.Shelf
    typealias Box = MacroFixtures.Box
    typealias Crate = MacroFixtures.Crate
    typealias Fragile = MacroFixtures.Fragile

    static let formats: [ModelFormat] = [.fast, .keyedArchive, .binaryPropertyList, .xmlPropertyList, .json]

    static var shelf: Shelf {
        Shelf(
            label: "s",
            boxes: [Box(name: "a"), Box(name: "b", inner: Crate(count: 2, fragile: Fragile())), Box(name: "c", inner: Crate(count: 3))],
            main: Box(name: "m", inner: Crate(count: 4)), total: 1 << 40)
    }

    @Test("nested models written in place: the bytes of the tree path, the values read back", arguments: formats)
    func nestedModelsRoundTrip(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let encoder = ModelEncoder(registry: .shared)
        let bytes = try codec.encodeModel(Self.shelf, using: encoder)
        #expect(bytes == (try codec.encodeModelThroughTree(Self.shelf, using: encoder)))
        #expect(try Shelf(data: bytes) == Self.shelf)
    }

    @Test("nested models written in place give the JSON of the generated Codable conformance")
    func nestedModelsMatchJSONEncoder() throws {
        let ours = try JSONSerialization.jsonObject(with: Self.shelf.data(format: .json)) as? NSDictionary
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.shelf)) as? NSDictionary
        #expect(ours != nil && ours == foundation)
    }

    @Test("an error inside models opened in place has the path of the value", arguments: formats)
    func errorsInsideOpenedModelsHaveTheirPath(format: ModelFormat) throws {
        var inArray = Self.shelf
        inArray.boxes[2].inner.fragile = Fragile(fails: true)
        var inModel = Self.shelf
        inModel.main.inner.fragile = Fragile(fails: true)
        for (shelf, path) in [
            (inArray, ModelPath([.key("boxes"), .index(2), .key("inner"), .key("fragile")])),
            (inModel, ModelPath([.key("main"), .key("inner"), .key("fragile")])),
        ] {
            let error = #expect(throws: ModelError.self) { try shelf.data(format: format) }
            #expect(error?.path == path, "\(format)")
            // The typed tree, which every writer of a typed format shares the engine with.
            let typed = #expect(throws: ModelError.self) { try ModelEncoder(registry: .shared).encode(shelf) }
            #expect(typed?.path == path)
        }
    }

    @Test("a class instance shared by models opened in place is an alias to its first place")
    func sharedInstancesInsideOpenedModels() throws {
        let rex = MacroFixtures.Dog()
        rex.name = "Rex"
        var shelf = Self.shelf
        shelf.boxes[0].inner.owner = rex
        shelf.boxes[2].inner.owner = rex
        shelf.main.inner.owner = rex
        let tree = try ModelEncoder(registry: .shared).encode(shelf)
        #expect(tree["boxes"]?[0]?["inner"]?["owner"]?["name"] == "Rex")
        #expect(tree["boxes"]?[2]?["inner"]?["owner"] == ["$alias": "boxes.0.inner.owner"])
        #expect(tree["main"]?["inner"]?["owner"] == ["$alias": "boxes.0.inner.owner"])
        for format in [ModelFormat.fast, .keyedArchive] {
            let read = try Shelf(data: shelf.data(format: format))
            let owners = [read.boxes[0].inner.owner, read.boxes[2].inner.owner, read.main.inner.owner]
            #expect(owners[0]?.name == "Rex" && owners.allSatisfy { $0 === owners[0] }, "\(format)")
        }
    }

    @Test("models opened in place count against the depth limit as the encoder path counts them", arguments: formats)
    func openedModelsCountAgainstTheDepthLimit(format: ModelFormat) throws {
        let codec = try FormatRegistry.shared.codec(for: format)
        let encoder = ModelEncoder(registry: .shared)
        // The shelf, its array, a box, its crate and the crate's fragile value: 5 deep.
        let cases: [(limit: Int, shelf: Shelf, path: ModelPath?)] = [
            (4, Self.shelf, ModelPath([.key("boxes"), .index(1), .key("inner"), .key("fragile")])),
            (3, Self.shelf, ModelPath([.key("boxes"), .index(0), .key("inner")])),
            (2, Self.shelf, ModelPath([.key("boxes"), .index(0)])),
            (2, Shelf(main: Box(name: "m")), ModelPath([.key("main"), .key("inner")])),
            (5, Self.shelf, nil),
        ]
        for (limit, shelf, path) in cases {
            DecodingLimits.$current.withValue(DecodingLimits(maximumDepth: limit)) {
                guard let path else {
                    #expect(throws: Never.self) { try codec.encodeModel(shelf, using: encoder) }
                    return
                }
                let streamed = #expect(throws: ModelError.self) { try codec.encodeModel(shelf, using: encoder) }
                #expect(streamed?.reason == DecodingLimits.depthExceeded(limit))
                #expect(streamed?.path == path, "\(format) \(limit)")
            }
        }
    }
}
