@testable import BaseModel
import Foundation
import Testing

@Suite("Corpus: canada.json", .corpus)
struct CanadaCorpusTests {
    /// The file and its model, read once for all the tests of the suite.
    static let loaded = Result { () throws -> (Data, CanadaFeatureCollection) in
        let data = try ModelCorpus.json("canada.json")
        return (data, try CanadaFeatureCollection(json: data))
    }

    let data: Data
    let canada: CanadaFeatureCollection

    init() throws {
        (data, canada) = try Self.loaded.get()
    }

    @Test("the outline: one polygon feature of 480 rings and 55,563 points")
    func values() throws {
        #expect(canada.type == "FeatureCollection")
        let feature = try #require(canada.features.first)
        #expect(canada.features.count == 1)
        #expect(feature.type == "Feature")
        #expect(feature.properties == ["name": "Canada"])
        #expect(feature.geometry.type == "Polygon")
        let rings = feature.geometry.coordinates
        #expect(rings.count == 480)
        #expect(rings[0].count == 14)
        #expect(rings.map(\.count).max() == 14_310)
        #expect(rings.map(\.count).reduce(0, +) == 55_563)
        #expect(rings.allSatisfy { $0.allSatisfy { $0.count == 2 } })
        #expect(rings[0][0] == [-65.613616999999977, 43.420273000000009])
        #expect(rings[479].last == [-70.111937999999952, 83.109421000000111])
    }

    /// `JSONSerialization` is left out: on Linux it reads some of these doubles one unit in the
    /// last place off, so its objects give a slightly different outline.
    @Test("init(json:), init(object: Data) and JSONDecoder give the same model")
    func entryPointsAgree() throws {
        #expect(try JSONDecoder().decode(CanadaFeatureCollection.self, from: data) == canada)
        #expect(try CanadaFeatureCollection(object: data) == canada)
    }

    @Test("written as JSON and read back, the model is equal and the report clean")
    func roundTrip() throws {
        let json = try canada.data(format: .json)
        #expect(try CanadaFeatureCollection(json: json) == canada)
        var report = ModelReport()
        #expect(try CanadaFeatureCollection(object: data, report: &report) == canada)
        #expect(report.isClean, "\(report)")
    }
}
