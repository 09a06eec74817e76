@testable import BaseModel
import Foundation
import Testing

/// Detection's look at a binary property list (``PropertyListDocument/summary(of:)``): the top
/// dictionary's keys, read from the layout alone (every format detection asks once per
/// property-list codec, so it must not cost a reader's tables of the object count's size).
@Suite("Property lists: the summary detection reads")
struct PropertyListSummaryTests {
    @Test("a keyed archive's $archiver, an HRCoder tree's $class, and neither in a plain list")
    func topKeys() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Archived", "name": "inside"])
        let archived = try #require(PropertyListDocument.summary(of: archive))
        #expect(archived.archiver == "NSKeyedArchiver")
        #expect(archived.hasArchiverKey)
        #expect(!archived.hasClassKey)

        let typed = try BinaryPropertyListCodec().encodeTree(["$class": "Person", "name": "Ann"])
        let hr = try #require(PropertyListDocument.summary(of: typed))
        #expect(hr.hasClassKey)
        #expect(!hr.hasArchiverKey)
        #expect(hr.archiver == nil)

        // `$archiver` of another kind than a string: the key, no archiver.
        let odd = try BinaryPropertyListCodec().encodeTree(["$archiver": 3, "b": [1, 2]])
        let oddSummary = try #require(PropertyListDocument.summary(of: odd))
        #expect(oddSummary.hasArchiverKey)
        #expect(oddSummary.archiver == nil)

        let array = try BinaryPropertyListCodec().encodeTree([1, "two"])
        let plain = try #require(PropertyListDocument.summary(of: array))
        #expect(!plain.hasArchiverKey && !plain.hasClassKey && plain.archiver == nil)
    }

    @Test("bytes that are not a whole binary list have no summary, and every truncation is safe")
    func malformed() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Archived", "name": "inside"])
        #expect(PropertyListDocument.summary(of: Data("bplist00".utf8)) == nil)
        for length in stride(from: 0, to: archive.count, by: 7) {
            // A prefix is either refused or summarised; it never traps.
            _ = PropertyListDocument.summary(of: archive.prefix(length))
        }
        // The offset table pointing past the objects: refused, not read out of range.
        var corrupt = [UInt8](archive)
        let trailer = corrupt.count - BinaryPropertyListLayout.trailerLength
        corrupt[trailer + 24 ..< trailer + 32] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(PropertyListDocument.summary(of: Data(corrupt)) == nil)
    }

    @Test("detection still tells a keyed archive from a binary property list")
    func detection() throws {
        let archive = try KeyedArchiveCodec().encodeTree(["$class": "Archived", "name": "inside"])
        #expect(try FormatRegistry.shared.detect(archive).format == .keyedArchive)
        let list = try BinaryPropertyListCodec().encodeTree(["name": "inside", "count": 2])
        #expect(try FormatRegistry.shared.detect(list).format != .keyedArchive)
    }
}
