@testable import BaseModel
import Foundation
import Testing

/// How a malformed corpus file is meant to come out.
enum PropertyListOutcome: Equatable, CustomStringConvertible {
    case malformed, truncated, unsupported
    /// It loads: the behaviour is documented in the reader.
    case loads

    init(_ result: Result<ModelValue, ModelError>) {
        switch result {
        case .success: self = .loads
        case .failure(let error):
            switch error.reason {
            case .truncated: self = .truncated
            case .unsupported: self = .unsupported
            default: self = .malformed
            }
        }
    }

    var description: String {
        switch self {
        case .malformed: "malformed"
        case .truncated: "truncated"
        case .unsupported: "unsupported"
        case .loads: "loads"
        }
    }
}

/// A binary property list assembled from raw objects, for inputs no writer produces.
func rawBinaryPropertyList(
    _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1, tableOffset: UInt64? = nil,
    count: UInt64? = nil
) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    for offset in offsets {
        for shift in stride(from: (Int(offsetSize) - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: offset >> shift)) }
    }
    bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
    for value in [count ?? UInt64(objects.count), top, tableOffset ?? UInt64(table)] {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    return Data(bytes)
}

/// The error reading `data` throws, or `nil` when it reads.
func propertyListError(_ data: Data) -> ModelError? {
    do {
        _ = try PropertyListDocument.read(data)
        return nil
    } catch {
        return error
    }
}

@Suite("Property lists: malformed input")
struct PropertyListMalformedTests {
    /// What each file of `bad/plist/` gives. Two files load on purpose: they are real files from
    /// old Apple tools whose ASCII-marked strings hold UTF-8, which the reader accepts.
    static let expectations: [String: PropertyListOutcome] = [
        "dd-plist__github-issue42.plist": .malformed,  // offset size 118 in the trailer
        "dd-plist__github-issue72.plist": .malformed,  // offset size 0
        "dd-plist__github-issue73-2.plist": .unsupported,  // "bplist" and a version that is not 0?
        "dd-plist__github-issue73-3.plist": .malformed,  // 7 bytes, "bplistl"
        "dd-plist__github-issue73-4.plist": .malformed,  // one byte: neither form
        "dd-plist__github-issue73-6.plist": .malformed,  // neither form
        "dd-plist__github-issue74__crash-285445a01ae3beca818dfeb6321f4a158eee06bf": .malformed,
        "dd-plist__github-issue75__crash-1f3b69c098890cb571ff42ef9d490447a2311a9f": .malformed,
        "dd-plist__github-issue75__crash-abaa25b8ea29bc8642d3dadb4771f534831c962f": .malformed,
        "dd-plist__github-issue76-xml.plist": .malformed,  // <integer>42xy</integer>
        "dd-plist__github-issue78.plist": .malformed,
        "dd-plist__github-issue82__crash-1cb49aef0fce39c76b52d2e7d75d9cf791a094ba": .malformed,
        "dd-plist__github-issue82__crash-a449e690c550065e1257924d60ada7a1cb3dd804": .malformed,
        "libplist-fuzz__clusterfuzz-testcase-4766291097288704": .malformed,  // unpaired surrogate
        "libplist-fuzz__clusterfuzz-testcase-5556177727389696": .malformed,
        "libplist-fuzz__clusterfuzz-testcase-6557963011489792": .malformed,
        "libplist-fuzz__crash-17d635ab460fef74df1ac7561f1253533a6359c5": .malformed,
        "libplist-fuzz__crash-94b3725900d63c6258448fd757559c81002de9c9": .truncated,  // shorter than a trailer
        "libplist-fuzz__crash-f779dafccc0164684d1a264976e56037188b40e2": .malformed,
        "libplist__amp.plist": .malformed,  // &amp without ;
        "libplist__invalid_tag.plist": .malformed,  // <!test> inside <key>
        "libplist__malformed_dict.bplist": .malformed,  // an array as a key
        "libplist__recursion.bplist": .malformed,  // a reference cycle
        "node-bplist__iTunes-small.bplist": .loads,  // UTF-8 in ASCII-marked strings
        "node-bplist__sample1.bplist": .loads,  // UTF-8 in ASCII-marked strings
        "rust-plist__binary_circular_array.plist": .malformed,  // a reference cycle
        "rust-plist__binary_zero_offset_size.plist": .malformed,
        "rust-plist__xml_entity_error.plist": .malformed,  // text directly under <plist>
        "rust-plist__xml_error.plist": .malformed,  // broken end tag
    ]

    @Test("the expectation table covers the folder", .corpus)
    func tableIsComplete() {
        #expect(Set(PropertyListTestCorpus.badNames) == Set(Self.expectations.keys))
    }

    @Test("every malformed file gives its documented outcome", arguments: PropertyListTestCorpus.badNames)
    func badFile(name: String) throws {
        let data = try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.bad)
        let result = Result { () throws(ModelError) in try PropertyListCodecSupport.decodeTree(data, codecFormat: .binaryPropertyList) }
        #expect(PropertyListOutcome(result) == Self.expectations[name], "\(name): \(result)")
        if case .failure(let error) = result, PropertyListDocument.kind(of: data) != nil {
            #expect(error.format == .binaryPropertyList || error.format == .xmlPropertyList, "\(error)")
            #expect(error.offset != nil, "\(error)")
        }
    }

    @Test("reference cycles in the corpus are named as cycles", .corpus)
    func cyclesAreNamed() throws {
        for name in ["libplist__recursion.bplist", "rust-plist__binary_circular_array.plist"] {
            let error = propertyListError(try PropertyListTestCorpus.data(name, in: PropertyListTestCorpus.bad))
            #expect(error?.description.contains("reference cycle") == true, "\(String(describing: error))")
        }
    }

    @Test("ASCII-marked strings holding UTF-8 read as UTF-8", .corpus)
    func utf8InASCIIStrings() throws {
        let data = try PropertyListTestCorpus.data("node-bplist__sample1.bplist", in: PropertyListTestCorpus.bad)
        let sample = try BinaryPropertyListCodec().decodeTree(from: data)
        guard case .string(let copyright)? = sample["DCSDictionaryCopyright"] else { Issue.record("no copyright"); return }
        #expect(copyright.contains("© 2007 Apple Inc."))
        // Bytes that are not UTF-8 either are an error.
        #expect(propertyListError(rawBinaryPropertyList([[0x52, 0xC3, 0x28]]))?.reason == .malformed("an ASCII string holds bytes that are neither ASCII nor UTF-8"))
    }

    @Test("UTF-16 strings: pairs make one scalar, an unpaired surrogate is refused")
    func utf16Strings() throws {
        func string(_ units: [UInt16]) throws -> PropertyListObject {
            let bytes = units.flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
            return try BinaryPropertyListReader.read(rawBinaryPropertyList([[0x60 | UInt8(units.count)] + bytes]))
        }
        #expect(try string(Array("é日本語 😰".utf16)) == .string("é日本語 😰"))
        #expect(try string([0xD83D, 0xDE30, 0x41]) == .string("😰A"))
        #expect(try string([0xFFFD, 0x7F, 0x80, 0x7FF, 0x800]) == .string("\u{FFFD}\u{7F}\u{80}\u{7FF}\u{800}"))
        for unpaired: [UInt16] in [[0xD83D], [0xD83D, 0x41], [0xDE30], [0x41, 0xDE30, 0xD83D], [0xDBFF, 0xDBFF]] {
            let error = #expect(throws: ModelError.self) { try string(unpaired) }
            #expect(error?.reason == .malformed("a UTF-16 string holds an unpaired surrogate"), "\(unpaired)")
        }
    }

    @Test("hostile trailers, counts and references are refused before use")
    func hostileBinary() {
        // An array claiming 2^62 elements.
        let huge = rawBinaryPropertyList([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])
        #expect(propertyListError(huge)?.reason.isMalformed == true)
        // A data object whose length runs past the objects.
        #expect(propertyListError(rawBinaryPropertyList([[0x4F, 0x11, 0xFF, 0xFF, 1, 2]]))?.reason.isMalformed == true)
        // A reference to object 200 of 2.
        #expect(propertyListError(rawBinaryPropertyList([[0xA1, 200], [0x09]]))?.reason.isMalformed == true)
        // An offset table entry pointing into the trailer.
        var table = [UInt8](rawBinaryPropertyList([[0x09]]))
        table[9] = 200
        #expect(propertyListError(Data(table))?.reason.isMalformed == true)
        // A count larger than the data, a top object out of range, a table past the end.
        #expect(propertyListError(rawBinaryPropertyList([[0x09]], count: 1 << 40))?.reason.isMalformed == true)
        #expect(propertyListError(rawBinaryPropertyList([[0x09]], top: 5))?.reason.isMalformed == true)
        #expect(propertyListError(rawBinaryPropertyList([[0x09]], tableOffset: UInt64.max - 3))?.reason.isMalformed == true)
        // Offset and reference sizes outside 1...8.
        #expect(propertyListError(rawBinaryPropertyList([[0x09]], offsetSize: 9))?.reason.isMalformed == true)
        #expect(propertyListError(rawBinaryPropertyList([[0x09]], referenceSize: 0))?.reason.isMalformed == true)
        // A 16-byte integer beyond 64 bits, an unknown marker, a 32-byte integer.
        #expect(propertyListError(rawBinaryPropertyList([[0x14, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]))?.reason.isUnsupportedReason == true)
        #expect(propertyListError(rawBinaryPropertyList([[0x70]]))?.reason.isMalformed == true)
        #expect(propertyListError(rawBinaryPropertyList([[0x15, 0, 0]]))?.reason.isMalformed == true)
        // Nothing, shorter than a header, a header alone, another version.
        #expect(propertyListError(Data())?.reason == .empty)
        #expect(propertyListError(Data("bplis".utf8))?.reason == .truncated)
        #expect(propertyListError(Data("bplist00".utf8))?.reason == .truncated)
        #expect(propertyListError(Data("bplist15".utf8) + Data(count: 40))?.reason.isUnsupportedReason == true)
    }

    @Test("a container that contains itself is a cycle, a container shared twice is not")
    func cyclesAndSharing() throws {
        // [[…self…]]: object 0 holds object 1, which holds object 0.
        #expect(propertyListError(rawBinaryPropertyList([[0xA1, 1], [0xA1, 0]]))?.description.contains("reference cycle") == true)
        // A dictionary whose value is itself.
        #expect(propertyListError(rawBinaryPropertyList([[0xD1, 1, 0], [0x51, 0x6B]]))?.description.contains("reference cycle") == true)
        // [x, x] with x = [1]: shared, not cyclic.
        let shared = try PropertyListDocument.read(rawBinaryPropertyList([[0xA2, 1, 1], [0xA1, 2], [0x10, 1]]))
        #expect(shared == .array([.array([.integer(1)]), .array([.integer(1)])]))
    }

    @Test("shared containers may not expand without bound")
    func expansionBomb() {
        // Object i is an array holding object i + 1 sixteen times; 12 levels expand to 16^12 values.
        var objects: [[UInt8]] = (0..<12).map { level in [0xAF, 0x10, 16] + Array(repeating: UInt8(level + 1), count: 16) }
        objects.append([0x09])
        let clock = ContinuousClock()
        let start = clock.now
        let error = propertyListError(rawBinaryPropertyList(objects))
        #expect(error?.reason.isUnsupportedReason == true, "\(String(describing: error))")
        #expect(clock.now - start < .seconds(5))
    }

    @Test("nesting is capped at the maximum depth in both forms")
    func nesting() throws {
        func nested(_ depth: Int) -> PropertyListObject {
            var object = PropertyListObject.integer(1)
            for _ in 0..<depth { object = .array([object]) }
            return object
        }
        let deepest = nested(512)
        #expect(try BinaryPropertyListReader.read(deepest.binaryData()) == deepest)
        #expect(try XMLPropertyListReader.read(deepest.xmlData()) == deepest)
        // The writers refuse one level more; a file of 513 levels, made by hand, is refused.
        let tooDeep = nested(513)
        #expect((#expect(throws: ModelError.self) { try tooDeep.binaryData() })?.reason == DecodingLimits.depthExceeded(512))
        #expect((#expect(throws: ModelError.self) { try tooDeep.xmlData() })?.reason == DecodingLimits.depthExceeded(512))
        let arrays: [[UInt8]] = (0..<513).map { level in [0xA1, UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)] }
        let binary = rawBinaryPropertyList(arrays + [[0x10, 1]], offsetSize: 2, referenceSize: 2)
        #expect(propertyListError(binary)?.reason.isUnsupportedReason == true)
        let xml = "<plist>" + String(repeating: "<array>", count: 513) + "<integer>1</integer>"
            + String(repeating: "</array>", count: 513) + "</plist>"
        #expect(propertyListError(Data(xml.utf8))?.reason.isUnsupportedReason == true)
        // Far deeper input fails the same way rather than exhausting the stack.
        let text = "<plist>" + String(repeating: "<array>", count: 100_000)
        #expect(propertyListError(Data(text.utf8))?.reason.isUnsupportedReason == true)
    }

    @Test("malformed XML is refused with a typed error", arguments: [
        ("<plist><dict><key>a</key></dict></plist>", PropertyListOutcome.malformed),
        ("<plist><dict><string>a</string></dict></plist>", .malformed),
        ("<plist><dict>text<key>a</key><true/></dict></plist>", .malformed),
        ("<plist><array><string>a</array></plist>", .malformed),
        ("<plist><string>a &unknown; b</string></plist>", .malformed),
        ("<!DOCTYPE plist [<!ENTITY e \"boom\">]><plist><string>&e;</string></plist>", .malformed),
        ("<plist><string>&#0;</string></plist>", .malformed),
        ("<plist><string>&#xD800;</string></plist>", .malformed),
        ("<plist><integer>99999999999999999999</integer></plist>", .malformed),
        ("<plist><integer>-9223372036854775809</integer></plist>", .malformed),
        ("<plist><real>1.5.5</real></plist>", .malformed),
        ("<plist><date>2011-02-30T00:00:00Z</date></plist>", .malformed),
        ("<plist><date>2011-11-28T09:21:30</date></plist>", .malformed),
        ("<plist><data>!!!!</data></plist>", .malformed),
        ("<plist><true>yes</true></plist>", .malformed),
        ("<plist><key>a</key></plist>", .malformed),
        ("<plist><set/></plist>", .malformed),
        ("<plist><true/><false/></plist>", .malformed),
        ("<plist></plist>", .malformed),
        ("<plist><string>a</string></plist>trailing", .malformed),
        ("<plist><string>a", .truncated),
        ("<plist><!-- never closed", .truncated),
        ("<plist><string><![CDATA[open", .truncated),
        ("<plist><array><string a=\"x", .truncated),
    ])
    func malformedXML(text: String, outcome: PropertyListOutcome) {
        let result = Result { () throws(ModelError) in try XMLPropertyListReader.read(Data(text.utf8)).modelValue(format: "xml") }
        #expect(PropertyListOutcome(result) == outcome, "\(text): \(result)")
        if case .failure(let error) = result { #expect(error.format == .xmlPropertyList && error.offset != nil, "\(error)") }
    }

    @Test("valid XML corners: attributes, comments, processing instructions, CDATA, self-closing containers")
    func xmlCorners() throws {
        let text = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- a comment --><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">
            <plist version='1.0'><dict>
              <key>a<!-- inside -->b</key><string>x<![CDATA[<&>]]>y &#x41;&#66; &lt;&gt;&amp;&quot;&apos;</string>
              <key>e</key><array/><key>f</key><dict/><key>t</key><true></true>
              <key>i</key><integer> -0x10 </integer><key>r</key><real>-INF</real><key>d</key><data>AAEC
              Aw</data><key>uid</key><dict><key>CF$UID</key><integer>3</integer></dict>
              <key>date</key><date>2047-02-04T03:37:35.5Z</date>
            </dict><?pi after?></plist>
            <!-- trailing comment -->
            """
        let object = try XMLPropertyListReader.read(Data(text.utf8))
        #expect(object == .dictionary([
            "ab": .string("x<&>y AB <>&\"'"), "e": .array([]), "f": .dictionary([:]), "t": .bool(true), "i": .integer(-16),
            "r": .real(-.infinity), "d": .data(Data([0, 1, 2, 3])), "uid": .uid(3),
            "date": .date(Date(timeIntervalSince1970: 2_432_864_255.5)),
        ]))
    }
}

extension ModelError.Reason {
    var isUnsupportedReason: Bool {
        if case .unsupported = self { return true }
        return false
    }
}
