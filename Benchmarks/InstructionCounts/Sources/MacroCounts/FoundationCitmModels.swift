import Foundation

// `CitmModels.swift` as plain `Codable` structs (prefix F) for Foundation's coders: the same
// fields, and conformances that the compiler synthesizes. The file's keys are camel case, so
// neither side needs `CodingKeys` or a strategy.

struct FCitmCatalog: Codable, Equatable, Sendable {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
    var events: [String: FEvent] = [:]
    var performances: [FPerformance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

struct FEvent: Codable, Equatable, Sendable {
    var id = 0
    var name = ""
    var description: String?
    var logo: String?
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

struct FPerformance: Codable, Equatable, Sendable {
    var id = 0
    var eventId = 0
    var logo: String?
    var name: String?
    var prices: [FPrice] = []
    var seatCategories: [FSeatCategory] = []
    var seatMapImage: String?
    var start: Int64 = 0
    var venueCode = ""
}

struct FPrice: Codable, Equatable, Sendable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

struct FSeatCategory: Codable, Equatable, Sendable {
    var areas: [FArea] = []
    var seatCategoryId = 0
}

struct FArea: Codable, Equatable, Sendable {
    var areaId = 0
    var blockIds: [Int] = []
}
