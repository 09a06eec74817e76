import BaseModel
import Foundation

// Models for the ticketing catalogue in `shared/corpus/json/citm_catalog.json`.
//
// This file is shared with the benchmark package, so it imports only BaseModel and Foundation
// and holds no test code. The keys of the file are already camel case, so the models use the
// default key case and no key paths, and a plain `JSONDecoder()` decodes the same types.
// `Performance.start` stays the file's number of milliseconds since 1970 (an `Int64`), which
// needs no transformer and no date strategy.
//
// Ids are numbers in the objects and strings where they are the keys of a dictionary
// (`areaNames`, `events`, …): dictionary keys are data and are never key-cased.

/// The whole catalogue.
struct CitmCatalog: Model, Equatable, Sendable {
    /// Area names by area id.
    var areaNames: [String: String] = [:]
    /// Audience names by audience sub-category id.
    var audienceSubCategoryNames: [String: String] = [:]
    /// Block names by block id; empty in the file.
    var blockNames: [String: String] = [:]
    /// Events by event id.
    var events: [String: Event] = [:]
    var performances: [Performance] = []
    /// Seat category names by seat category id.
    var seatCategoryNames: [String: String] = [:]
    /// Sub-topic names by sub-topic id.
    var subTopicNames: [String: String] = [:]
    /// Subject names by subject code; empty in the file.
    var subjectNames: [String: String] = [:]
    /// Topic names by topic id.
    var topicNames: [String: String] = [:]
    /// The sub-topic ids of each topic, by topic id.
    var topicSubTopics: [String: [Int]] = [:]
    /// Venue names by venue code.
    var venueNames: [String: String] = [:]
}

/// A concert or show; its dates are `Performance`s.
struct Event: Model, Equatable, Sendable {
    var id = 0
    var name = ""
    var description: String?
    var logo: String?
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

/// One date of an event at a venue, with its prices.
struct Performance: Model, Equatable, Sendable {
    var id = 0
    var eventId = 0
    var logo: String?
    var name: String?
    var prices: [Price] = []
    var seatCategories: [SeatCategory] = []
    var seatMapImage: String?
    /// Milliseconds since 1970.
    var start: Int64 = 0
    var venueCode = ""
}

/// The price of a seat category for an audience, in cents.
struct Price: Model, Equatable, Sendable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

/// The areas a seat category of a performance covers.
struct SeatCategory: Model, Equatable, Sendable {
    var areas: [Area] = []
    var seatCategoryId = 0
}

/// An area of the hall and its blocks.
struct Area: Model, Equatable, Sendable {
    var areaId = 0
    var blockIds: [Int] = []
}
