@testable import BaseModel
import Foundation
import Testing

/// One model graph through every file format: dates, data, nested models, optionals and a shared
/// class instance; equal afterwards, and still shared where the format can say so.
enum RoundTripFixtures {
    struct Attachment: Model, Equatable {
        var name = ""
        var bytes = Data()
    }

    final class Person: Model, @unchecked Sendable {
        var name = ""
        var born: Date?
        required init() {}
    }

    final class Project: Model, @unchecked Sendable {
        var title = ""
        var started = Date(timeIntervalSince1970: 0)
        var attachments: [Attachment] = []
        var owner: Person?
        var reviewer: Person?
        var budget: Double?
        var tags: [String: Int] = [:]
        required init() {}
    }

    static func project() -> Project {
        let ada = Person()
        ada.name = "Ada"
        ada.born = Date(timeIntervalSince1970: -4_000_000_000)
        let project = Project()
        project.title = "Engine"
        project.started = Date(timeIntervalSince1970: 1_700_000_000)
        project.attachments = [Attachment(name: "plan", bytes: Data([0, 1, 2, 255]))]
        project.owner = ada
        project.reviewer = ada
        project.budget = 12.5
        project.tags = ["urgent": 1]
        return project
    }

    static let registered: Void = {
        ModelRegistry.shared.register(Project.self)
        ModelRegistry.shared.register(Person.self)
        ModelRegistry.shared.register(Attachment.self)
    }()
}

@Suite struct FormatRoundTripTests {
    typealias Project = RoundTripFixtures.Project

    static let graphFormats: [ModelFormat] = [.keyedArchive, .hrJSON, .hrXML, .hrBinary]
    static let allFormats: [ModelFormat] = FormatRegistry.shared.formats

    @Test("every registered format round-trips the graph", arguments: allFormats)
    func roundTrip(format: ModelFormat) throws {
        RoundTripFixtures.registered
        let original = RoundTripFixtures.project()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString).dat")
        defer { try? FileManager.default.removeItem(at: url) }
        try original.write(to: url, format: format)
        let loaded = try Project(contentsOf: url)
        // A user-defaults file is a binary property list, and is read as one.
        let detected = try FormatRegistry.shared.detect(Data(contentsOf: url)).format
        #expect(detected == (format == .userDefaults ? .binaryPropertyList : format))
        #expect(loaded.title == original.title)
        #expect(loaded.attachments == original.attachments)
        #expect(loaded.budget == original.budget)
        #expect(loaded.tags == original.tags)
        #expect(loaded.owner?.name == "Ada")
        // Whole seconds survive everywhere; XML property lists keep no fractions.
        #expect(loaded.started == original.started)
        #expect(loaded.owner?.born == original.owner?.born)
        if Self.graphFormats.contains(format) {
            #expect(loaded.owner === loaded.reviewer)
        }
    }

    @Test func theSharedInstanceIsOneAliasInTheFile() throws {
        RoundTripFixtures.registered
        let json = try String(decoding: RoundTripFixtures.project().data(format: .hrJSON), as: UTF8.self)
        #expect(json.contains(#""reviewer":{"$alias":"owner"}"#))
        #expect(json.hasPrefix(#"{"$class":"Project""#))
    }
}

