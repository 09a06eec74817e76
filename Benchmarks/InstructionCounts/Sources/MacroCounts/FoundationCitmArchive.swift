import Foundation

// Foundation's side of the keyed-archive routes for citm_catalog: a class per model of
// `FoundationCitmModels.swift` that NSKeyedUnarchiver builds from our archive of the file
// (`setClass(_:forClassName:)` maps the archive's class names to these), each holding the
// Foundation twin it read. See `ArchiveTwin.swift`.

final class CitmCatalogArchive: NSObject, ArchiveTwin {
    let value: FCitmCatalog

    init(_ value: FCitmCatalog) { self.value = value }

    init?(coder: NSCoder) {
        value = FCitmCatalog(
            areaNames: coder.strings("areaNames"),
            audienceSubCategoryNames: coder.strings("audienceSubCategoryNames"),
            blockNames: coder.strings("blockNames"),
            events: coder.modelsByKey("events", EventArchive.self),
            performances: coder.models("performances", PerformanceArchive.self),
            seatCategoryNames: coder.strings("seatCategoryNames"),
            subTopicNames: coder.strings("subTopicNames"),
            subjectNames: coder.strings("subjectNames"),
            topicNames: coder.strings("topicNames"),
            topicSubTopics: coder.intArrays("topicSubTopics"),
            venueNames: coder.strings("venueNames"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.areaNames, forKey: "areaNames")
        coder.encode(value.audienceSubCategoryNames, forKey: "audienceSubCategoryNames")
        coder.encode(value.blockNames, forKey: "blockNames")
        coder.encode(value.events.mapValues(EventArchive.init), forKey: "events")
        coder.encode(value.performances.map(PerformanceArchive.init), forKey: "performances")
        coder.encode(value.seatCategoryNames, forKey: "seatCategoryNames")
        coder.encode(value.subTopicNames, forKey: "subTopicNames")
        coder.encode(value.subjectNames, forKey: "subjectNames")
        coder.encode(value.topicNames, forKey: "topicNames")
        coder.encode(value.topicSubTopics, forKey: "topicSubTopics")
        coder.encode(value.venueNames, forKey: "venueNames")
    }
}

final class EventArchive: NSObject, ArchiveTwin {
    let value: FEvent

    init(_ value: FEvent) { self.value = value }

    init?(coder: NSCoder) {
        value = FEvent(
            id: coder.int("id"),
            name: coder.string("name"),
            description: coder.optionalString("description"),
            logo: coder.optionalString("logo"),
            subTopicIds: coder.ints("subTopicIds"),
            subjectCode: coder.optionalString("subjectCode"),
            subtitle: coder.optionalString("subtitle"),
            topicIds: coder.ints("topicIds"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.id, forKey: "id")
        coder.encode(value.name, forKey: "name")
        coder.encodeIfPresent(value.description, forKey: "description")
        coder.encodeIfPresent(value.logo, forKey: "logo")
        coder.encode(value.subTopicIds, forKey: "subTopicIds")
        coder.encodeIfPresent(value.subjectCode, forKey: "subjectCode")
        coder.encodeIfPresent(value.subtitle, forKey: "subtitle")
        coder.encode(value.topicIds, forKey: "topicIds")
    }
}

final class PerformanceArchive: NSObject, ArchiveTwin {
    let value: FPerformance

    init(_ value: FPerformance) { self.value = value }

    init?(coder: NSCoder) {
        value = FPerformance(
            id: coder.int("id"),
            eventId: coder.int("eventId"),
            logo: coder.optionalString("logo"),
            name: coder.optionalString("name"),
            prices: coder.models("prices", PriceArchive.self),
            seatCategories: coder.models("seatCategories", SeatCategoryArchive.self),
            seatMapImage: coder.optionalString("seatMapImage"),
            start: coder.int64("start"),
            venueCode: coder.string("venueCode"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.id, forKey: "id")
        coder.encodeNumber(value.eventId, forKey: "eventId")
        coder.encodeIfPresent(value.logo, forKey: "logo")
        coder.encodeIfPresent(value.name, forKey: "name")
        coder.encode(value.prices.map(PriceArchive.init), forKey: "prices")
        coder.encode(value.seatCategories.map(SeatCategoryArchive.init), forKey: "seatCategories")
        coder.encodeIfPresent(value.seatMapImage, forKey: "seatMapImage")
        coder.encodeNumber(value.start, forKey: "start")
        coder.encode(value.venueCode, forKey: "venueCode")
    }
}

final class PriceArchive: NSObject, ArchiveTwin {
    let value: FPrice

    init(_ value: FPrice) { self.value = value }

    init?(coder: NSCoder) {
        value = FPrice(
            amount: coder.int("amount"),
            audienceSubCategoryId: coder.int("audienceSubCategoryId"),
            seatCategoryId: coder.int("seatCategoryId"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.amount, forKey: "amount")
        coder.encodeNumber(value.audienceSubCategoryId, forKey: "audienceSubCategoryId")
        coder.encodeNumber(value.seatCategoryId, forKey: "seatCategoryId")
    }
}

final class SeatCategoryArchive: NSObject, ArchiveTwin {
    let value: FSeatCategory

    init(_ value: FSeatCategory) { self.value = value }

    init?(coder: NSCoder) {
        value = FSeatCategory(
            areas: coder.models("areas", AreaArchive.self),
            seatCategoryId: coder.int("seatCategoryId"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.areas.map(AreaArchive.init), forKey: "areas")
        coder.encodeNumber(value.seatCategoryId, forKey: "seatCategoryId")
    }
}

final class AreaArchive: NSObject, ArchiveTwin {
    let value: FArea

    init(_ value: FArea) { self.value = value }

    init?(coder: NSCoder) {
        value = FArea(
            areaId: coder.int("areaId"),
            blockIds: coder.ints("blockIds"))
    }

    func encode(with coder: NSCoder) {
        coder.encodeNumber(value.areaId, forKey: "areaId")
        coder.encode(value.blockIds, forKey: "blockIds")
    }
}
