import Foundation

// NSSecureCoding mirrors of the citm_catalog.json models (CitmModels.swift) for the NSKA- routes: the same
// properties and types as the models, read back with `decodeObject(of:forKey:)` per object property
// and `decodeInt64`/`decodeInteger`/`decodeDouble`/`decodeBool` per scalar (NSCoder+SecureReading.swift).
// Each converts both ways, so a decoded graph can be checked against the model. Made from the
// ModelBench mirrors (Benchmarks/Benchmarks/ModelBench/Archiving/), which use non-secure coding.

final class CitmCatalogMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: EventMirror]
    var performances: [PerformanceMirror]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]

    init(_ model: CitmCatalog) {
        areaNames = model.areaNames
        audienceSubCategoryNames = model.audienceSubCategoryNames
        blockNames = model.blockNames
        events = model.events.mapValues(EventMirror.init)
        performances = model.performances.map(PerformanceMirror.init)
        seatCategoryNames = model.seatCategoryNames
        subTopicNames = model.subTopicNames
        subjectNames = model.subjectNames
        topicNames = model.topicNames
        topicSubTopics = model.topicSubTopics
        venueNames = model.venueNames
    }

    var model: CitmCatalog {
        CitmCatalog(
            areaNames: areaNames, audienceSubCategoryNames: audienceSubCategoryNames, blockNames: blockNames,
            events: events.mapValues(\.model), performances: performances.map(\.model),
            seatCategoryNames: seatCategoryNames, subTopicNames: subTopicNames, subjectNames: subjectNames,
            topicNames: topicNames, topicSubTopics: topicSubTopics, venueNames: venueNames)
    }

    func encode(with coder: NSCoder) {
        coder.encode(areaNames, forKey: "areaNames")
        coder.encode(audienceSubCategoryNames, forKey: "audienceSubCategoryNames")
        coder.encode(blockNames, forKey: "blockNames")
        coder.encode(events, forKey: "events")
        coder.encode(performances, forKey: "performances")
        coder.encode(seatCategoryNames, forKey: "seatCategoryNames")
        coder.encode(subTopicNames, forKey: "subTopicNames")
        coder.encode(subjectNames, forKey: "subjectNames")
        coder.encode(topicNames, forKey: "topicNames")
        coder.encode(topicSubTopics, forKey: "topicSubTopics")
        coder.encode(venueNames, forKey: "venueNames")
    }

    init?(coder: NSCoder) {
        areaNames = coder.strings("areaNames")
        audienceSubCategoryNames = coder.strings("audienceSubCategoryNames")
        blockNames = coder.strings("blockNames")
        events = coder.secureObject("events", [NSDictionary.self, NSString.self, EventMirror.self]) as? [String: EventMirror] ?? [:]
        performances = coder.objects("performances")
        seatCategoryNames = coder.strings("seatCategoryNames")
        subTopicNames = coder.strings("subTopicNames")
        subjectNames = coder.strings("subjectNames")
        topicNames = coder.strings("topicNames")
        topicSubTopics = coder.secureObject("topicSubTopics", [NSDictionary.self, NSString.self, NSArray.self, NSNumber.self]) as? [String: [Int]] ?? [:]
        venueNames = coder.strings("venueNames")
    }
}

final class EventMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var id: Int
    var name: String
    var eventDescription: String?
    var logo: String?
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]

    init(_ model: Event) {
        id = model.id
        name = model.name
        eventDescription = model.description
        logo = model.logo
        subTopicIds = model.subTopicIds
        subjectCode = model.subjectCode
        subtitle = model.subtitle
        topicIds = model.topicIds
    }

    var model: Event {
        Event(id: id, name: name, description: eventDescription, logo: logo, subTopicIds: subTopicIds,
              subjectCode: subjectCode, subtitle: subtitle, topicIds: topicIds)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encodeIfPresent(eventDescription, forKey: "description")
        coder.encodeIfPresent(logo, forKey: "logo")
        coder.encode(subTopicIds, forKey: "subTopicIds")
        coder.encodeIfPresent(subjectCode, forKey: "subjectCode")
        coder.encodeIfPresent(subtitle, forKey: "subtitle")
        coder.encode(topicIds, forKey: "topicIds")
    }

    init?(coder: NSCoder) {
        id = coder.decodeInteger(forKey: "id")
        name = coder.string("name")
        eventDescription = coder.optionalString("description")
        logo = coder.optionalString("logo")
        subTopicIds = coder.ints("subTopicIds")
        subjectCode = coder.optionalString("subjectCode")
        subtitle = coder.optionalString("subtitle")
        topicIds = coder.ints("topicIds")
    }
}

final class PerformanceMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var id: Int
    var eventId: Int
    var logo: String?
    var name: String?
    var prices: [PriceMirror]
    var seatCategories: [SeatCategoryMirror]
    var seatMapImage: String?
    var start: Int64
    var venueCode: String

    init(_ model: Performance) {
        id = model.id
        eventId = model.eventId
        logo = model.logo
        name = model.name
        prices = model.prices.map(PriceMirror.init)
        seatCategories = model.seatCategories.map(SeatCategoryMirror.init)
        seatMapImage = model.seatMapImage
        start = model.start
        venueCode = model.venueCode
    }

    var model: Performance {
        Performance(id: id, eventId: eventId, logo: logo, name: name, prices: prices.map(\.model),
                    seatCategories: seatCategories.map(\.model), seatMapImage: seatMapImage, start: start,
                    venueCode: venueCode)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(eventId, forKey: "eventId")
        coder.encodeIfPresent(logo, forKey: "logo")
        coder.encodeIfPresent(name, forKey: "name")
        coder.encode(prices, forKey: "prices")
        coder.encode(seatCategories, forKey: "seatCategories")
        coder.encodeIfPresent(seatMapImage, forKey: "seatMapImage")
        coder.encode(start, forKey: "start")
        coder.encode(venueCode, forKey: "venueCode")
    }

    init?(coder: NSCoder) {
        id = coder.decodeInteger(forKey: "id")
        eventId = coder.decodeInteger(forKey: "eventId")
        logo = coder.optionalString("logo")
        name = coder.optionalString("name")
        prices = coder.objects("prices")
        seatCategories = coder.objects("seatCategories")
        seatMapImage = coder.optionalString("seatMapImage")
        start = coder.decodeInt64(forKey: "start")
        venueCode = coder.string("venueCode")
    }
}

final class PriceMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int

    init(_ model: Price) {
        amount = model.amount
        audienceSubCategoryId = model.audienceSubCategoryId
        seatCategoryId = model.seatCategoryId
    }

    var model: Price { Price(amount: amount, audienceSubCategoryId: audienceSubCategoryId, seatCategoryId: seatCategoryId) }

    func encode(with coder: NSCoder) {
        coder.encode(amount, forKey: "amount")
        coder.encode(audienceSubCategoryId, forKey: "audienceSubCategoryId")
        coder.encode(seatCategoryId, forKey: "seatCategoryId")
    }

    init?(coder: NSCoder) {
        amount = coder.decodeInteger(forKey: "amount")
        audienceSubCategoryId = coder.decodeInteger(forKey: "audienceSubCategoryId")
        seatCategoryId = coder.decodeInteger(forKey: "seatCategoryId")
    }
}

final class SeatCategoryMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var areas: [AreaMirror]
    var seatCategoryId: Int

    init(_ model: SeatCategory) {
        areas = model.areas.map(AreaMirror.init)
        seatCategoryId = model.seatCategoryId
    }

    var model: SeatCategory { SeatCategory(areas: areas.map(\.model), seatCategoryId: seatCategoryId) }

    func encode(with coder: NSCoder) {
        coder.encode(areas, forKey: "areas")
        coder.encode(seatCategoryId, forKey: "seatCategoryId")
    }

    init?(coder: NSCoder) {
        areas = coder.objects("areas")
        seatCategoryId = coder.decodeInteger(forKey: "seatCategoryId")
    }
}

final class AreaMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var areaId: Int
    var blockIds: [Int]

    init(_ model: Area) {
        areaId = model.areaId
        blockIds = model.blockIds
    }

    var model: Area { Area(areaId: areaId, blockIds: blockIds) }

    func encode(with coder: NSCoder) {
        coder.encode(areaId, forKey: "areaId")
        coder.encode(blockIds, forKey: "blockIds")
    }

    init?(coder: NSCoder) {
        areaId = coder.decodeInteger(forKey: "areaId")
        blockIds = coder.ints("blockIds")
    }
}
