@testable import BaseModel
import Foundation
import Testing

/// String-keyed dictionaries are decoded by the engine entry by entry (`EngineDecodedDictionary`);
/// these hold it to what `Dictionary.init(from:)` through a keyed container gave.
@Suite struct EngineDecodedDictionaryTests {
    struct Tags: Model, Equatable {
        var counts: [String: Int] = [:]
        var nested: [String: [String: String]] = [:]
    }

    @Test("from JSON bytes and from objects: the same values, nested dictionaries included")
    func values() throws {
        let json = #"{"counts": {"a": 1, "b": 2}, "nested": {"x": {"y": "z"}}}"#
        let expected = Tags(counts: ["a": 1, "b": 2], nested: ["x": ["y": "z"]])
        #expect(try Tags(json: json) == expected)
        #expect(try Tags(object: ["counts": ["a": 1, "b": 2], "nested": ["x": ["y": "z"]]]) == expected)
    }

    @Test("a key met twice keeps its last value")
    func duplicateKey() throws {
        #expect(try Tags(json: #"{"counts": {"a": 1, "b": 2, "a": 3}}"#).counts == ["a": 3, "b": 2])
    }

    @Test("a value that does not fit names its key; a value that is not a dictionary names the property")
    func errors() throws {
        let bad = try #require(throws: ModelError.self) { try Tags(json: #"{"counts": {"a": 1, "b": "two"}}"#) }
        #expect(bad.path.description == "counts.b")
        let notDictionary = try #require(throws: ModelError.self) { try Tags(json: #"{"counts": [1, 2]}"#) }
        #expect(notDictionary.path.description == "counts")
        let fromObject = try #require(throws: ModelError.self) { try Tags(object: ["counts": [1, 2]]) }
        #expect(fromObject.path.description == notDictionary.path.description)
        #expect(fromObject.reason == notDictionary.reason)
    }
}
