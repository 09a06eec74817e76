import BaseModelMacros

// `CitmModels.swift` with the macro.

extension MacroCorpus {
    @Model struct CitmCatalog: Equatable, Sendable {
        var areaNames: [String: String] = [:]
        var audienceSubCategoryNames: [String: String] = [:]
        var blockNames: [String: String] = [:]
        var events: [String: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:]
        var subTopicNames: [String: String] = [:]
        var subjectNames: [String: String] = [:]
        var topicNames: [String: String] = [:]
        var topicSubTopics: [String: [Int]] = [:]
        var venueNames: [String: String] = [:]
    }

    @Model struct Event: Equatable, Sendable {
        var id = 0
        var name = ""
        var description: String?
        var logo: String?
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []
    }

    @Model struct Performance: Equatable, Sendable {
        var id = 0
        var eventId = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start: Int64 = 0
        var venueCode = ""
    }

    @Model struct Price: Equatable, Sendable {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0
    }

    @Model struct SeatCategory: Equatable, Sendable {
        var areas: [Area] = []
        var seatCategoryId = 0
    }

    @Model struct Area: Equatable, Sendable {
        var areaId = 0
        var blockIds: [Int] = []
    }
}
