@testable import BaseModel
import Foundation
import Testing

@Suite("Generated coding: models read field by field give what init(from:) gives")
struct GeneratedCodingTests {
    /// Decodes `bytes` as `Plain` (through `init(from:)`) and as `Generated` (through generated
    /// reading) and checks that both give the same plain tree.
    func agree<Plain: Model, Generated: GeneratedCoding>(
        _ plain: Plain.Type, _ generated: Generated.Type, _ bytes: Data, _ comment: Comment
    ) throws {
        let reference = try Plain(data: bytes).treeRepresentation()
        let direct = try Generated(data: bytes).treeRepresentation()
        #expect(direct.orderedEquals(reference), comment)
    }

    @Test("twitter, citm and canada from JSON", .corpus)
    func corpusJSON() throws {
        try agree(TwitterSearch.self, GTwitterSearch.self, ModelCorpus.json("twitter.json"), "twitter")
        try agree(CitmCatalog.self, GCitmCatalog.self, ModelCorpus.json("citm_catalog.json"), "citm")
        try agree(CanadaFeatureCollection.self, GCanadaFeatureCollection.self, ModelCorpus.json("canada.json"), "canada")
    }

    @Test("twitter and citm through every file format", .corpus, arguments: [
        ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrJSON, .hrXML, .hrBinary, .fast,
    ])
    func corpusFormats(_ format: ModelFormat) throws {
        let twitter = try TwitterSearch(data: ModelCorpus.json("twitter.json"))
        try agree(TwitterSearch.self, GTwitterSearch.self, twitter.data(format: format), "twitter as \(format)")
        let citm = try CitmCatalog(data: ModelCorpus.json("citm_catalog.json"))
        try agree(CitmCatalog.self, GCitmCatalog.self, citm.data(format: format), "citm as \(format)")
    }

    struct Inner: Model, Equatable { var count = 0; var label = "inner" }
    struct Outer: Model, Equatable {
        var name = ""
        var inner = Inner(count: 7, label: "parent's")
        var optionalInner: Inner?
        var items: [Inner] = []
        var city = ""
        var when: Date?
        static let keyPaths: [String: RemoteKeyPath] = ["city": "venue.address.city", "name": .firstOf("title", "name")]
        static let transformers: [String: ModelTransformer] = ["when": .date(format: "MM-dd-yyyy")]
    }

    struct GInner: GeneratedCoding, Equatable {
        var count = 0
        var label = "inner"
        static var _fieldNames: [String] { ["count", "label"] }
        mutating func _readFields(from reader: inout ModelFieldReader) throws {
            try reader.read(&count)
            try reader.read(&label)
        }
        func _writeFields(to writer: inout ModelFieldWriter) throws {
            try writer.write(count)
            try writer.write(label)
        }
    }

    struct GOuter: GeneratedCoding, Equatable {
        var name = ""
        var inner = GInner(count: 7, label: "parent's")
        var optionalInner: GInner?
        var items: [GInner] = []
        var city = ""
        var when: Date?
        static let keyPaths: [String: RemoteKeyPath] = ["city": "venue.address.city", "name": .firstOf("title", "name")]
        static let transformers: [String: ModelTransformer] = ["when": .date(format: "MM-dd-yyyy")]
        static var _fieldNames: [String] { ["name", "inner", "optionalInner", "items", "city", "when"] }
        mutating func _readFields(from reader: inout ModelFieldReader) throws {
            try reader.read(&name)
            try reader.read(&inner)
            try reader.read(&optionalInner)
            try reader.read(&items)
            try reader.read(&city)
            try reader.read(&when)
        }
        func _writeFields(to writer: inout ModelFieldWriter) throws {
            try writer.write(name)
            try writer.write(inner)
            try writer.write(optionalInner)
            try writer.write(items)
            try writer.write(city)
            try writer.write(when)
        }
    }

    @Test("key paths, first-of paths, transformers, nested defaults, optionals, null and missing keys", arguments: [
        #"{"title":"T","inner":{"label":"x"},"optionalInner":{"count":2},"items":[{"count":1},{}],"venue":{"address":{"city":"Oslo"}},"when":"02-16-2006"}"#,
        #"{"name":"N","inner":{},"optionalInner":null,"when":null}"#,
        #"{}"#,
        #"{"inner":{"count":3,"label":null}}"#,
        #"{"inner":"not a dictionary"}"#,
        #"{"items":[{"count":"12k"}]}"#,
        #"{"when":"2006-02-16"}"#,
        #"{"venue":{"address":"nowhere"}}"#,
    ])
    func mappingRules(_ json: String) {
        let plain = Result { () throws(ModelError) in try Outer(json: json).treeRepresentation() }
        let generated = Result { () throws(ModelError) in try GOuter(json: json).treeRepresentation() }
        switch (plain, generated) {
        case (.success(let reference), .success(let direct)):
            #expect(direct.orderedEquals(reference), "\(json)")
        case (.failure(let reference), .failure(let direct)):
            // The same reason, naming the generated copy of the type.
            #expect("\(direct.reason)".replacingOccurrences(of: "GInner", with: "Inner") == "\(reference.reason)", "\(json)")
            #expect(direct.path == reference.path, "\(json)")
        default:
            Issue.record("\(json): \(plain) against \(generated)")
        }
    }

    @Test("generated writing gives the bytes of encode(to:) in every format", .corpus, arguments: [
        ModelFormat.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrJSON, .hrXML, .hrBinary, .fast,
    ])
    func writing(_ format: ModelFormat) throws {
        // Typed formats name the types: the generated copies are written under the names of the
        // types they copy.
        let context = ModelContext(types: Self.namesWithoutG)
        let twitter = try ModelCorpus.json("twitter.json")
        #expect(try GTwitterSearch(json: twitter).data(format: format, context: context) == TwitterSearch(json: twitter).data(format: format))
        let citm = try ModelCorpus.json("citm_catalog.json")
        #expect(try GCitmCatalog(json: citm).data(format: format, context: context) == CitmCatalog(json: citm).data(format: format))
        let json = #"{"title":"T","inner":{"label":"x"},"optionalInner":{"count":2},"items":[{"count":1},{}],"venue":{"address":{"city":"Oslo"}},"when":"02-16-2006"}"#
        #expect(try GOuter(json: json).data(format: format, context: context) == Outer(json: json).data(format: format))
        #expect(try GOuter().data(format: format, context: context) == Outer().data(format: format))
    }

    /// The generated copies registered under the names of the types they copy.
    static let namesWithoutG: ModelRegistry = {
        let registry = ModelRegistry()
        let types: [any Model.Type] = [
            GTwitterSearch.self, GSearchMetadata.self, GStatus.self, GStatusMetadata.self, GUser.self, GUserEntities.self,
            GURLEntities.self, GEntities.self, GHashtag.self, GURLEntity.self, GUserMention.self, GMedia.self,
            GMediaSizes.self, GMediaSize.self, GCitmCatalog.self, GEvent.self, GPerformance.self, GPrice.self,
            GSeatCategory.self, GArea.self, GOuter.self, GInner.self,
        ]
        for type in types { registry.register(type, name: String(type.typeName.dropFirst())) }
        return registry
    }()

    @Test("the generated reading runs: a model read by fields keeps the enclosing model's default of a nested model")
    func nestedDefaultsInPlace() throws {
        let outer = try GOuter(json: #"{"inner":{"count":1}}"#)
        #expect(outer.inner == GInner(count: 1, label: "parent's"))
        #expect(ModelSchema.of(GOuter.self).direct != nil)
        #expect(ModelSchema.of(Outer.self).direct == nil)
    }
}
