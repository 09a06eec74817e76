@testable import BaseModel
import Foundation
import Testing

/// `superDecoder()` of a keyed container: the value under `super` (or the key named), and a
/// decoder over `null` when the key is missing, as Foundation's coders give.
@Suite("superDecoder reads the key's value, or null when it is missing")
struct SuperDecoderTests {
    struct Base: Model, Equatable {
        var name = "base"
    }

    /// Decodes its base from the `super` key through `superDecoder()`.
    struct Wrapper: Model, Equatable {
        var base = Base()
        var count = 0
        private enum CodingKeys: String, CodingKey { case count }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
            let superDecoder = try container.superDecoder()
            let single = try superDecoder.singleValueContainer()
            base = single.decodeNil() ? Base() : try single.decode(Base.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            try base.encode(to: container.superEncoder())
        }
    }

    @Test func thePresentKeyIsDecoded() throws {
        let wrapper = try Wrapper(object: ["count": 2, "super": ["name": "Ada"]])
        #expect(wrapper == { var expected = Wrapper(); expected.count = 2; expected.base.name = "Ada"; return expected }())
    }

    @Test func aMissingKeyGivesADecoderOverNull() throws {
        let wrapper = try Wrapper(object: ["count": 3])
        #expect(wrapper.base == Base())
        #expect(wrapper.count == 3)
    }

    @Test func aValueOfTheWrongKindIsAnErrorWithItsPath() {
        #expect(throws: ModelError.self) { try Wrapper(object: ["super": ["name": ["not", "a", "string"]]]) }
    }
}
