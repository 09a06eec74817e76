@testable import BaseModelCrypto
import Foundation
import Testing

/// What the formats article says about damage: a byte changed inside a string of a format
/// without a checksum is read as other text, without an error; the `encrypted` envelope notices
/// a change anywhere.
@Suite struct DamageDetectionTests {
    /// `bytes` with the first `G` of "Groceries" turned into an `H`.
    static func flippingInsideTheTitle(_ bytes: Data) throws -> Data {
        let range = try #require(bytes.range(of: Data("Groceries".utf8)))
        var damaged = bytes
        damaged[range.lowerBound] ^= UInt8(ascii: "G") ^ UInt8(ascii: "H")
        return damaged
    }

    @Test(arguments: [ModelFormat.binaryPropertyList, .keyedArchive, .fast, .hrBinary, .json, .xmlPropertyList])
    func aFormatWithoutAChecksumReadsAChangedStringAsOtherText(format: ModelFormat) throws {
        let damaged = try Self.flippingInsideTheTitle(Note.sample.data(format: format))
        let read = try Note(data: damaged)
        #expect(read.title == "Hroceries")
        #expect(read.count == Note.sample.count)
    }

    @Test func theEnvelopeNoticesAChangedByteAnywhere() throws {
        let context = ModelContext(formats: TestRegistries.withCrypto(passwords: .fixed("pw")))
        let sealed = try Note.sample.data(format: .encrypted, context: context)
        #expect(try Note(data: sealed, context: context) == Note.sample)
        for position in stride(from: 0, to: sealed.count, by: max(1, sealed.count / 40)) {
            var damaged = sealed
            damaged[position] ^= 0x01
            let error = try #require(throws: ModelError.self) { try Note(data: damaged, context: context) }
            #expect(error.cryptoError == .authenticationFailed || error.reason == .truncated || error.format != .encrypted,
                    "byte \(position): \(error)")
        }
        var damaged = sealed
        damaged[sealed.count - 30] ^= 0x01      // inside the ciphertext
        let error = try #require(throws: ModelError.self) { try Note(data: damaged, context: context) }
        #expect(error.cryptoError == .authenticationFailed)
    }
}
