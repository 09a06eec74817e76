@testable import BaseModel
import Foundation
import Testing

/// A performance's schedule with its start as a `Date`: the file's milliseconds since 1970 read
/// through the `.millisecondsSince1970` transformer. Test-only; the shared `Performance` keeps
/// the number so that a plain `JSONDecoder` decodes it.
struct PerformanceSchedule: Model, Equatable {
    var id = 0
    var eventId = 0
    var start = Date(timeIntervalSince1970: 0)
    var venueCode = ""

    static let transformers: [String: ModelTransformer] = ["start": .millisecondsSince1970]
}

@Suite("Corpus: citm_catalog.json", .corpus)
struct CitmCorpusTests {
    /// The file and its model, read once for all the tests of the suite.
    static let loaded = Result { () throws -> (Data, CitmCatalog) in
        let data = try ModelCorpus.json("citm_catalog.json")
        return (data, try CitmCatalog(json: data))
    }

    let data: Data
    let catalog: CitmCatalog

    init() throws {
        (data, catalog) = try Self.loaded.get()
    }

    // MARK: Entry points

    @Test("JSONSerialization objects, init(json:), init(object: Data) and JSONDecoder give the same model")
    func entryPointsAgree() throws {
        let foundation = try CitmCatalog(object: try JSONSerialization.jsonObject(with: data))
        #expect(foundation == catalog)
        #expect(try CitmCatalog(object: data) == catalog)
        #expect(try JSONDecoder().decode(CitmCatalog.self, from: data) == catalog)
    }

    // MARK: Values

    @Test("counts")
    func counts() {
        #expect(catalog.areaNames.count == 17)
        #expect(catalog.audienceSubCategoryNames == ["337100890": "Abonné"])
        #expect(catalog.blockNames.isEmpty)
        #expect(catalog.events.count == 184)
        #expect(catalog.performances.count == 243)
        #expect(catalog.seatCategoryNames.count == 64)
        #expect(catalog.subTopicNames.count == 19)
        #expect(catalog.subjectNames.isEmpty)
        #expect(catalog.topicNames.count == 4)
        #expect(catalog.topicSubTopics.count == 4)
        #expect(catalog.venueNames == ["PLEYEL_PLEYEL": "Salle Pleyel"])
        #expect(catalog.performances.map(\.prices.count).reduce(0, +) == 907)
        #expect(catalog.performances.map(\.seatCategories.count).reduce(0, +) == 907)
        let areas = catalog.performances.flatMap(\.seatCategories).flatMap(\.areas)
        #expect(areas.count == 8685)
        #expect(areas.allSatisfy { $0.blockIds.isEmpty })
        #expect(catalog.events.values.filter { $0.logo != nil }.count == 94)
        #expect(catalog.performances.filter { $0.logo != nil }.count == 108)
    }

    @Test("names and events")
    func events() throws {
        #expect(catalog.areaNames["205705993"] == "Arrière-scène central")
        #expect(catalog.areaNames["205705994"] == "1er balcon central")
        #expect(catalog.seatCategoryNames["338937235"] == "1ère catégorie")
        #expect(catalog.subTopicNames["337184262"] == "Musique amplifiée")
        #expect(catalog.topicNames["107888604"] == "Activité")
        #expect(catalog.topicSubTopics["107888604"] == [337_184_283, 337_184_267])
        #expect(catalog.topicSubTopics["324846099"]?.count == 11)

        let first = try #require(catalog.events["138586341"])
        #expect(first == Event(
            id: 138_586_341, name: "30th Anniversary Tour", description: nil, logo: nil,
            subTopicIds: [337_184_269, 337_184_283], subjectCode: nil, subtitle: nil,
            topicIds: [324_846_099, 107_888_604]))
        #expect(catalog.events["138586345"]?.name == "Berliner Philharmoniker")
        #expect(catalog.events["138586345"]?.logo == "/images/UE0AAAAACEKo6QAAAAZDSVRN")
        #expect(catalog.events["138586349"]?.name == "Berliner Philharmoniker")
        #expect(catalog.events["138586353"]?.name == "Pittsburgh Symphony Orchestra")
        #expect(catalog.events["138586361"]?.name == "WDR Sinfonieorchester Köln")
        // Every event is filed under its own id, and every performance is of a known event.
        #expect(catalog.events.allSatisfy { $0.key == String($0.value.id) })
        #expect(catalog.performances.allSatisfy { catalog.events[String($0.eventId)] != nil })
        #expect(catalog.events.values.allSatisfy { $0.description == nil && $0.subjectCode == nil && $0.subtitle == nil })
    }

    @Test("performances and their prices")
    func performances() throws {
        let first = try #require(catalog.performances.first)
        #expect(first.id == 339_887_544)
        #expect(first.eventId == 138_586_341)
        #expect(first.logo == nil && first.name == nil && first.seatMapImage == nil)
        #expect(first.start == 1_372_701_600_000)
        #expect(first.venueCode == "PLEYEL_PLEYEL")
        #expect(first.prices == [
            Price(amount: 90250, audienceSubCategoryId: 337_100_890, seatCategoryId: 338_937_295),
            Price(amount: 66500, audienceSubCategoryId: 337_100_890, seatCategoryId: 338_937_296),
        ])
        #expect(first.seatCategories.map(\.seatCategoryId) == [338_937_295, 338_937_296])
        #expect(first.seatCategories[0].areas.count == 11)
        #expect(first.seatCategories[0].areas.first == Area(areaId: 205_705_999, blockIds: []))
        #expect(first.seatCategories[1].areas.count == 16)

        let last = try #require(catalog.performances.last)
        #expect(last.id == 138_586_999)
        #expect(last.eventId == 138_586_997)
        #expect(last.start == 1_404_410_400_000)
        #expect(last.prices.count == 5)
        #expect(last.seatCategories.count == 5)
        #expect(catalog.performances.allSatisfy { $0.name == nil && $0.venueCode == "PLEYEL_PLEYEL" })
    }

    @Test("a model reading start as a Date through .millisecondsSince1970 agrees with JSONDecoder's date strategy")
    func millisecondDates() throws {
        let performances = try #require(try JSONParser.parse(data)["performances"])
        let schedules = try PerformanceSchedule.instances(array: performances)
        #expect(schedules.count == 243)
        #expect(schedules[0].start == ModelCorpus.utc(2013, 7, 1, 18, 0, 0))
        #expect(schedules[242].start == Date(timeIntervalSince1970: 1_404_410_400))
        #expect(zip(schedules, catalog.performances).allSatisfy {
            $0.id == $1.id && $0.start == Date(timeIntervalSince1970: Double($1.start) / 1000)
        })

        struct Catalog: Decodable { var performances: [PerformanceSchedule] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(Catalog.self, from: data).performances == schedules)

        // Written back as the same whole number of milliseconds.
        #expect(try schedules[0].treeRepresentation()["start"] == .integer(1_372_701_600_000))
    }

    // MARK: Round trips

    @Test("dictionaryRepresentation fed back to init(object:) gives an equal model")
    func dictionaryRoundTrip() throws {
        let dictionary = catalog.dictionaryRepresentation
        #expect(dictionary.count == 11)
        #expect((dictionary["events"] as? [String: Any])?.count == 184)
        #expect(try CitmCatalog(object: dictionary) == catalog)
    }

    @Test("treeRepresentation written as JSON, parsed and decoded gives an equal model")
    func treeJSONRoundTrip() throws {
        let tree = try catalog.treeRepresentation()
        #expect(tree["events"]?["138586341"]?["name"] == "30th Anniversary Tour")
        // A nil optional is left out rather than written as null.
        #expect(tree["events"]?["138586341"]?["description"] == nil)
        #expect(tree["performances"]?[0]?["prices"]?[0]?["amount"] == 90250)
        let parsed = try JSONParser.parse(try JSONWriter.data(from: tree))
        #expect(parsed == tree)
        #expect(try ModelDecoder().decode(CitmCatalog.self, from: parsed) == catalog)
        #expect(try CitmCatalog(json: catalog.jsonData(prettyPrinted: true)) == catalog)
    }

    @Test("the tree is the input without its nulls")
    func treeMatchesInput() throws {
        let expected = try ModelCorpus.canonicalJSON(try JSONParser.parse(data))
        #expect(try ModelCorpus.canonicalJSON(catalog.treeRepresentation()) == expected)
    }

    @Test("every key of the file is declared: the report is clean")
    func report() throws {
        var report = ModelReport()
        #expect(try CitmCatalog(object: data, report: &report) == catalog)
        #expect(report.isClean, "\(report)")
    }
}
