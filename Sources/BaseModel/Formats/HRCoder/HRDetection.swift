import Foundation

/// The detection rule the HR codecs share: BaseModel 2.6 handed a parsed file to HRCoder when its
/// root was a dictionary holding `$class`, and only then.
enum HRDetection {
    /// The confidence of an HR codec for a file it can read: above plain JSON (50) and plain
    /// property lists (60), below keyed archives (80), which are property lists too.
    static let confidence = 70

    /// The bytes `$class`. A document whose root holds the key contains them, unless the key is
    /// written with escapes (`"\u0024class"`, `&#36;class`) or in UTF-16, which detection does
    /// not look for (such files are still read when their format is named).
    static let classKeyBytes = Array(TypedTree.classKey.utf8)

    /// Whether `data` contains the bytes `$class` anywhere: a cheap test before a parse.
    ///
    /// Complexity: O(*n*).
    static func mayHoldClassKey(_ data: Data) -> Bool {
        contains(data, classKeyBytes)
    }

    /// Whether `data` contains `marker` (not empty) anywhere.
    ///
    /// Complexity: O(*n* × *m*) at worst, O(*n*) when the marker's first byte is rare; the
    /// first byte is searched with `memchr`, which reads many bytes per instruction (detection
    /// looks through every JSON document this way).
    static func contains(_ data: Data, _ marker: [UInt8]) -> Bool {
        guard let head = marker.first else { return true }
        return data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count >= marker.count else { return false }
            let last = buffer.count - marker.count
            var start = 0
            while start <= last {
                guard let found = memchr(base + start, Int32(head), last - start + 1) else { return false }
                let candidate = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + candidate, marker, marker.count) == 0 { return true }
                start = candidate + 1
            }
            return false
        }
    }

    /// Whether a parsed document is one BaseModel gave to HRCoder: a dictionary holding `$class`.
    static func isHRRoot(_ document: ModelValue) -> Bool {
        guard case .dictionary(let entries) = document else { return false }
        return entries[TypedTree.classKey] != nil
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
