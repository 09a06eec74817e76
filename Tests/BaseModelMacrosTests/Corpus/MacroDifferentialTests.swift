@testable import BaseModel
import BaseModelMacros
import Foundation
import Testing

/// The corpus models in macro form against the same models without the macro: the same
/// values, the same bytes in every format, and the same errors, on the corpus files and on
/// seeded random variations of them.
@Suite("Macro and macro-free models agree", .corpus)
struct MacroDifferentialTests {
    /// Every format the comparison goes through: JSON, both property lists, the keyed archive
    /// and fast.
    static let formats: [ModelFormat] = [.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .fast]

    /// What decoding gave: the model's tree, or the error's description.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded(ModelValue)
        case failed(String)

        init(_ decode: () throws -> some Model) {
            do {
                self = .decoded(try decode().treeRepresentation())
            } catch {
                self = .failed("\(error)")
            }
        }

        var description: String {
            switch self {
            case .decoded(let tree): String(tree.description.prefix(300))
            case .failed(let message): "error: \(message)"
            }
        }
    }

    // MARK: The corpus files

    @Test("twitter.json: same values, same bytes in every format, same values read back")
    func twitter() throws {
        try compareOnFile("twitter.json", TwitterSearch.self, MacroCorpus.TwitterSearch.self)
    }

    @Test("citm_catalog.json: same values, same bytes in every format, same values read back")
    func citm() throws {
        try compareOnFile("citm_catalog.json", CitmCatalog.self, MacroCorpus.CitmCatalog.self)
    }

    @Test("canada.json: same values, same bytes in every format, same values read back")
    func canada() throws {
        try compareOnFile("canada.json", CanadaFeatureCollection.self, MacroCorpus.CanadaFeatureCollection.self)
    }

    /// Decodes a corpus file with both forms, writes each in every format, and reads the bytes
    /// back with the macro form (the macro-free form reads them back in `BaseModelTests`).
    private func compareOnFile<Plain: Model, Macro: Model>(
        _ name: String, _ plain: Plain.Type, _ macro: Macro.Type
    ) throws {
        let data = try ModelCorpus.json(name)
        let plainModel = try Plain(json: data)
        let macroModel = try Macro(json: data)
        let tree = try plainModel.treeRepresentation()
        #expect(try macroModel.treeRepresentation() == tree)
        for format in Self.formats {
            let plainBytes = try plainModel.data(format: format)
            let macroBytes = try macroModel.data(format: format)
            #expect(plainBytes == macroBytes, "\(format): the macro form writes other bytes")
            #expect(try Macro(data: plainBytes).treeRepresentation() == tree, "\(format)")
        }
    }

    @Test("Foundation's JSONDecoder decodes the macro form (the generated Codable) to what the engine decodes")
    func jsonDecoderReadsTheMacroForm() throws {
        let citm = try ModelCorpus.json("citm_catalog.json")
        #expect(try JSONDecoder().decode(MacroCorpus.CitmCatalog.self, from: citm) == MacroCorpus.CitmCatalog(json: citm))
        let canada = try ModelCorpus.json("canada.json")
        #expect(
            try JSONDecoder().decode(MacroCorpus.CanadaFeatureCollection.self, from: canada)
                == MacroCorpus.CanadaFeatureCollection(json: canada))
    }

    // MARK: Seeded random inputs

    @Test("twitter: random variations give the same values or the same errors", arguments: 0..<3)
    func twitterVariations(batch: UInt64) throws {
        // Five statuses keep the run short; they hold retweets, media and optionals.
        var tree = try ModelValue(data: ModelCorpus.json("twitter.json"))
        if case .array(let statuses)? = tree["statuses"], case .dictionary(var entries) = tree {
            entries["statuses"] = .array(Array(statuses.prefix(5)))
            tree = .dictionary(entries)
        }
        try compareOnVariations(of: tree, batch: batch, TwitterSearch.self, MacroCorpus.TwitterSearch.self)
    }

    @Test("citm: random variations give the same values or the same errors", arguments: 0..<3)
    func citmVariations(batch: UInt64) throws {
        // Five entries of each list and table keep the run short.
        var tree = try ModelValue(data: ModelCorpus.json("citm_catalog.json"))
        if case .dictionary(var entries) = tree {
            for (key, value) in entries {
                switch value {
                case .array(let elements): entries[key] = .array(Array(elements.prefix(5)))
                case .dictionary(let table): entries[key] = .dictionary(.init(uniqueKeysWithValues: table.elements.prefix(5).map { ($0.key, $0.value) }))
                default: break
                }
            }
            tree = .dictionary(entries)
        }
        try compareOnVariations(of: tree, batch: batch, CitmCatalog.self, MacroCorpus.CitmCatalog.self)
    }

    @Test("canada: random variations give the same values or the same errors", arguments: 0..<3)
    func canadaVariations(batch: UInt64) throws {
        // Three rings of thirty points.
        let tree: ModelValue = try {
            let full = try ModelValue(data: ModelCorpus.json("canada.json"))
            guard case .array(let rings)? = full["features"]?[0]?["geometry"]?["coordinates"] else { return full }
            let small = ModelValue.array(rings.prefix(3).map { ring in
                if case .array(let points) = ring { return .array(Array(points.prefix(30))) }
                return ring
            })
            return [
                "type": "FeatureCollection",
                "features": [["type": "Feature", "properties": ["name": "Canada"], "geometry": ["type": "Polygon", "coordinates": small]]],
            ]
        }()
        try compareOnVariations(of: tree, batch: batch, CanadaFeatureCollection.self, MacroCorpus.CanadaFeatureCollection.self)
    }

    /// Twenty variations of `tree` (seeded by `batch`), each decoded by both forms from the
    /// tree and from its bytes in every format.
    private func compareOnVariations<Plain: Model, Macro: Model>(
        of tree: ModelValue, batch: UInt64, _ plain: Plain.Type, _ macro: Macro.Type
    ) throws {
        var generator = SeededGenerator(seed: 0x5EED_0000 + batch)
        var decodedCount = 0
        for round in 0..<20 {
            let variation = TreeMutation.mutate(tree, count: 1 + round % 3, using: &generator)
            let plainOutcome = Outcome { try Plain(object: variation) }
            #expect(plainOutcome == Outcome { try Macro(object: variation) }, "round \(round), tree")
            if case .decoded = plainOutcome { decodedCount += 1 }
            for format in Self.formats {
                guard let bytes = try? FormatRegistry.shared.codec(for: format).encodeTree(variation) else { continue }
                #expect(
                    Outcome { try Plain(data: bytes) } == Outcome { try Macro(data: bytes) }, "round \(round), \(format)")
            }
        }
        // The variations exercise both outcomes: most still decode, some fail.
        #expect(decodedCount > 0 && decodedCount < 20, "\(decodedCount) of 20 variations decoded")
    }
}
