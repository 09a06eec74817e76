@testable import BaseModel
import Foundation
import Testing

extension ModelFixtures {
    /// AutoCoding's TestObject (ORIGINALS §2.7) in Swift terms:
    /// - a KVC ivar (`name` or `_name`) is a stored property in `CodingKeys`: coded;
    /// - `uncodableProperties` is ``Model/uncodableKeys``: listed, never read or written;
    /// - a renamed ivar (`@synthesize x = y`) is a stored property left out of `CodingKeys`,
    ///   read through a computed property: never coded;
    /// - a readonly property with a KVC ivar is `private(set)`: coded;
    /// - a readonly property with no ivar is a computed property: never coded;
    /// - private properties are coded unless listed as uncodable.
    ///
    /// `@dynamic` properties (stored in associated objects) have no Swift counterpart and are not
    /// ported.
    final class AutoCodingTestObject: Model {
        var publicString: String?
        var publicInteger = 0
        var publicUncodable: String?
        private(set) var readonlyIntegerWithSupportedIvar = 0
        private var renamedIvar = 0
        var nilProperty: String?
        private var privateInteger = 0
        private var privateUncodable: String?

        private enum CodingKeys: String, CodingKey {
            case publicString, publicInteger, publicUncodable, readonlyIntegerWithSupportedIvar
            case nilProperty, privateInteger, privateUncodable
        }

        static let uncodableKeys: Set<String> = ["publicUncodable", "privateUncodable"]

        init() {}

        /// The readonly property whose ivar is renamed, so it is not coded.
        var readonlyIntegerWithUnsupportedIvar: Int { renamedIvar }

        /// A readonly property with no ivar at all.
        var readonlyDynamicProperty: Int { publicInteger * 10 }

        /// Sets what the original test set through KVC on readonly and private properties.
        func setHiddenValues(readonly: Int, renamed: Int, privateInteger: Int, privateUncodable: String) {
            readonlyIntegerWithSupportedIvar = readonly
            renamedIvar = renamed
            self.privateInteger = privateInteger
            self.privateUncodable = privateUncodable
        }

        var hiddenValues: (privateInteger: Int, privateUncodable: String?) { (privateInteger, privateUncodable) }

        /// AutoCoding's fixture compared `dictionaryRepresentation`s; the tree is the same idea.
        func isEqual(to other: AutoCodingTestObject) throws -> Bool {
            try treeRepresentation() == other.treeRepresentation()
        }

        static func populated() -> AutoCodingTestObject {
            let object = AutoCodingTestObject()
            object.publicString = "Hello World"
            object.publicInteger = 5
            object.publicUncodable = "Not coded"
            object.setHiddenValues(readonly: 6, renamed: 7, privateInteger: 8, privateUncodable: "Private, not coded")
            return object
        }
    }

    /// A string property that is not optional, in both coercion policies, for NSNull and numbers.
    struct StrictText: Model, Equatable {
        var text = "default"
        var optionalText: String? = "preset"
    }

    struct LenientText: Model, Equatable {
        var text = "default"
        var optionalText: String? = "preset"
        static let coercion: Coercion = .lenient
    }

    /// AutoCoding's tests (`DataTests.m` at HEAD, and the 2.0.3 ones) that concern mapping and
    /// coding, translated to Swift semantics.
    @Suite struct AutoCodingPortTests {
        /// Checks what survives a round trip, whichever way it went.
        private func expectRoundTripSemantics(_ output: AutoCodingTestObject, _ input: AutoCodingTestObject) throws {
            // Survive: KVC-ivar public, readonly-with-ivar and private properties.
            #expect(output.publicString == "Hello World")
            #expect(output.publicInteger == 5)
            #expect(output.readonlyIntegerWithSupportedIvar == 6)
            #expect(output.hiddenValues.privateInteger == 8)
            #expect(output.readonlyDynamicProperty == 50)
            // Do not survive: uncodable (public and private) and the renamed ivar.
            #expect(output.publicUncodable == nil)
            #expect(output.hiddenValues.privateUncodable == nil)
            #expect(output.readonlyIntegerWithUnsupportedIvar == 0)
            #expect(output.nilProperty == nil)
            // And the objects compare equal.
            #expect(try output.isEqual(to: input))
        }

        // Ports testOutputEqualsInput (AutoCoding HEAD and 2.0.3): through the tree.
        @Test func outputEqualsInputThroughTheTree() throws {
            let input = AutoCodingTestObject.populated()
            let output = try AutoCodingTestObject(object: input.treeRepresentation())
            try expectRoundTripSemantics(output, input)
        }

        // Ports testOutputEqualsInput (AutoCoding HEAD and 2.0.3): through JSON bytes.
        @Test func outputEqualsInputThroughJSON() throws {
            let input = AutoCodingTestObject.populated()
            let output = try AutoCodingTestObject(json: input.jsonData())
            try expectRoundTripSemantics(output, input)
        }

        // Ports testOutputEqualsInput: through dictionaryRepresentation.
        @Test func outputEqualsInputThroughTheDictionaryRepresentation() throws {
            let input = AutoCodingTestObject.populated()
            let output = try AutoCodingTestObject(object: input.dictionaryRepresentation)
            try expectRoundTripSemantics(output, input)
        }

        // Ports testOutputEqualsInput's property split: codable vs uncodable keys.
        @Test func codableAndUncodableKeys() {
            #expect(AutoCodingTestObject.allPropertyKeys == [
                "publicString", "publicInteger", "publicUncodable", "readonlyIntegerWithSupportedIvar",
                "nilProperty", "privateInteger", "privateUncodable",
            ])
            #expect(AutoCodingTestObject.codablePropertyKeys == [
                "publicString", "publicInteger", "readonlyIntegerWithSupportedIvar", "nilProperty", "privateInteger",
            ])
        }

        // Ports testOutputEqualsInput: what is written out.
        @Test func encodedTreeHoldsOnlyCodableNonNilValues() throws {
            let tree = try AutoCodingTestObject.populated().treeRepresentation()
            #expect(tree == [
                "publicString": "Hello World", "publicInteger": 5, "readonlyIntegerWithSupportedIvar": 6,
                "privateInteger": 8,
            ])
        }

        // Ports testNullObjectRetention. The original kept NSNull in an NSString property. In Swift a
        // String cannot hold NSNull, so the port decides:
        // - an optional String: null clears it to nil, with no error, in both policies;
        // - a non-optional String, strict: a typeMismatch naming the path;
        // - a non-optional String, lenient: the default is kept and the conversion is reported.
        @Test func nullObjectRetentionInAnOptionalString() throws {
            let strict = try StrictText(object: ["optionalText": NSNull()])
            #expect(strict.optionalText == nil)
            let lenient = try LenientText(object: ["optionalText": NSNull()])
            #expect(lenient.optionalText == nil)
            let object = try AutoCodingTestObject(object: ["publicString": NSNull()])
            #expect(object.publicString == nil)
        }

        // Ports testNullObjectRetention: strict mode.
        @Test func nullObjectRetentionStrictIsATypeMismatch() {
            let error = #expect(throws: ModelError.self) { try StrictText(object: ["text": NSNull()]) }
            #expect(error?.path.description == "text")
            #expect(error?.reason == .typeMismatch(expected: "string", found: "null"))
        }

        // Ports testNullObjectRetention: lenient mode.
        @Test func nullObjectRetentionLenientKeepsTheDefault() throws {
            var report = ModelReport()
            let lenient = try LenientText(object: ["text": NSNull()], report: &report)
            #expect(lenient.text == "default")
            #expect(report.conversions.map(\.path.description) == ["text"])
            #expect(report.conversions.first?.from == "null")
        }

        // Ports testSecureCoding: a number in a string property is refused in strict mode.
        @Test func secureCodingNumberInAStringPropertyFails() {
            let error = #expect(throws: ModelError.self) { try AutoCodingTestObject(object: ["publicString": 5]) }
            #expect(error?.path.description == "publicString")
            #expect(error?.reason == .typeMismatch(expected: "string", found: "integer"))

            let fromJSON = #expect(throws: ModelError.self) { try StrictText(json: #"{"text": 5}"#) }
            #expect(fromJSON?.path.description == "text")
            #expect(fromJSON?.reason == .typeMismatch(expected: "string", found: "integer"))
        }

        // Ports testSecureCoding with the check switched off (`supportsSecureCoding` NO): lenient.
        @Test func secureCodingOffConvertsTheNumber() throws {
            var report = ModelReport()
            let lenient = try LenientText(object: ["text": 5], report: &report)
            #expect(lenient.text == "5")
            #expect(report.conversions.map { "\($0.path): \($0.from) → \($0.to)" } == ["text: integer → string"])
        }

        // Ports testCopy (AutoCoding 2.0.3): a distinct instance that is equal. The Swift copy is
        // deep and complete, so uncodable values are copied too (AutoCoding copied codable ones).
        @Test func copyIsADistinctEqualInstance() throws {
            let object = AutoCodingTestObject.populated()
            let copy = try object.copy()
            #expect(copy !== object)
            #expect(try copy.isEqual(to: object))
            #expect(copy.publicString == "Hello World")
            #expect(copy.readonlyIntegerWithSupportedIvar == 6)
            #expect(copy.publicUncodable == "Not coded")
            #expect(copy.hiddenValues.privateUncodable == "Private, not coded")

            copy.publicInteger = 99
            #expect(object.publicInteger == 5)
            #expect(try !copy.isEqual(to: object))
        }

        // Ports testUncodable (AutoCoding 2.0.3): uncodable public and private values are not
        // restored, nor read from an input that has them.
        @Test func uncodableValuesAreNotRestored() throws {
            let object = AutoCodingTestObject.populated()
            let tree = try object.treeRepresentation()
            #expect(tree["publicUncodable"] == nil)
            #expect(tree["privateUncodable"] == nil)
            let output = try AutoCodingTestObject(object: tree)
            #expect(output.publicUncodable == nil)
            #expect(output.hiddenValues.privateUncodable == nil)

            var report = ModelReport()
            let injected = try AutoCodingTestObject(
                object: ["publicUncodable": "sneaky", "privateUncodable": "sneaky"], report: &report)
            #expect(injected.publicUncodable == nil)
            #expect(injected.hiddenValues.privateUncodable == nil)
            #expect(Set(report.unusedKeys.map(\.description)) == ["publicUncodable", "privateUncodable"])
        }
    }
}
