import Foundation

/// The detection rule the HR codecs share. HRCoder writes a root that is a plain array or
/// dictionary without `$class` (only model objects get one), so a document is HR when it holds
/// HRCoder's marks anywhere: a dictionary whose `$class` (an object, or a Foundation value such
/// as `{"$class": "NSNull"}`), `$alias` (a shared object) or `$data` (bytes) is a string. JSON and
/// property lists written by anyone else have no such keys; a keyed archive (`$archiver` at its
/// root) has `$class` references that are UIDs, not strings, and is not HR.
///
/// A document without any mark (an HR file of plain arrays, dictionaries, strings and numbers)
/// reads the same as plain JSON or a plain property list, and is detected as one.
enum HRDetection {
    /// The confidence of an HR codec for a file it can read: above plain JSON (50) and plain
    /// property lists (60), below keyed archives (80), which are property lists too.
    static let confidence = 70

    /// The marks after their `$`: `class`, `alias`, `data`.
    private static let marks: [[UInt8]] = [Array("class".utf8), Array("alias".utf8), Array("data".utf8)]

    /// Whether `data` contains the bytes `$class`, `$alias` or `$data` anywhere: a cheap test
    /// before a parse. (A key written with escapes, `"\u0024class"`, or in UTF-16 is not looked
    /// for; such files are still read when their format is named.)
    ///
    /// Complexity: O(*n*): `$` is searched with `memchr`, which reads many bytes per instruction
    /// (detection looks through every JSON document this way).
    static func mayHoldMarks(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            var start = 0
            while start < buffer.count {
                guard let found = memchr(base + start, Int32(UInt8(ascii: "$")), buffer.count - start) else { return false }
                let after = base.distance(to: UnsafeRawPointer(found)) + 1
                for mark in marks where after + mark.count <= buffer.count && memcmp(base + after, mark, mark.count) == 0 {
                    return true
                }
                start = after
            }
            return false
        }
    }

    /// Whether a document's graph holds a mark: a dictionary with a string `$class`, `$alias` or
    /// `$data`.
    ///
    /// Complexity: O(*n*) in the graph's nodes and entries.
    static func holdsMarks(_ graph: InputIndex) -> Bool {
        let keys: Set<String> = [TypedTree.classKey, TypedTree.aliasKey, DocumentRecorder.dataKey]
        let numbers: Set<Int32>? = graph.keyNumbers.map { numbers in Set(keys.compactMap { numbers[$0] }) }
        if numbers?.isEmpty == true { return false }
        for node in graph.nodes where node.kind == .dictionary {
            for position in 0..<Int(node.count) {
                let slot = Int(node.first) + 2 * position
                let key = graph.children[slot]
                let isMark = numbers?.contains(key) ?? {
                    let text = graph.strings[Int(key)]
                    return text.utf8.first == UInt8(ascii: "$") && keys.contains(text)
                }()
                if isMark, graph[graph.children[slot + 1]].kind == .string { return true }
            }
        }
        return false
    }

    /// The offset of the first byte after an optional UTF-8 byte-order mark and blank space
    /// (space, tab, line feed, carriage return), or `nil` when there is none.
    static func firstSignificantByte(_ data: Data) -> Data.Index? {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < data.endIndex {
            switch data[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return nil
    }
}
