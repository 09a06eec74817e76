import Foundation

/// The objects of a binary property list, read once for a reader that follows references itself
/// (the keyed-archive index) instead of building ``PropertyListObject`` containers: every object
/// reachable from the top object as a fixed-size ``Entry``, the references of containers in one
/// buffer, strings and data in side tables.
///
/// ``init(layout:maximumDepth:)`` walks the objects as ``BinaryPropertyListReader`` does, with
/// the same checks and limits, and succeeds only when that reader would read the bytes without an
/// error and every container is reached once (the containers form a tree, as every writer makes
/// them). So a reader of the table meets no malformed object, and whatever it accepts the tree
/// reader accepts too.
///
/// Complexity: O(n) in the reachable objects and references.
struct BinaryPropertyListTable {
    /// What an object is, once reached.
    enum Kind: UInt8 {
        case unreached, string, integer, unsigned, real, bool, date, data, uid, array, dictionary
    }

    /// One reached object.
    struct Entry {
        var kind: Kind = .unreached
        /// A container's element count (a dictionary's entries); the UTF-8 bytes of a string, the
        /// bytes of data (what the tree reader counts against ``DecodingLimits/maximumStringBytes``).
        var count: Int32 = 0
        /// A container's first reference in ``BinaryPropertyListTable/references`` (a dictionary's
        /// keys, then its values); the index of a string or data in its side table; the bits of a
        /// number, a date (seconds since 2001) or a UID; 0 or 1 for a boolean.
        var payload: UInt64 = 0
    }

    /// Why the table was not made: the tree reader would fail, or a container is shared.
    struct Refusal: Error {}

    let layout: BinaryPropertyListLayout
    private(set) var entries: [Entry]
    private(set) var references: [Int32] = []
    private(set) var strings: [String] = []
    private(set) var data: [Data] = []
    private let maximumDepth: Int

    /// Reads the objects of `layout` reachable from its top object.
    ///
    /// - Throws: ``Refusal`` when ``BinaryPropertyListReader`` would throw for these bytes (with
    ///   the current ``DecodingLimits`` and `maximumDepth`), or when a container is referenced
    ///   more than once.
    init(layout: BinaryPropertyListLayout, maximumDepth: Int) throws(Refusal) {
        self.layout = layout
        self.maximumDepth = maximumDepth
        entries = Array(repeating: Entry(), count: layout.objectCount)
        references.reserveCapacity(layout.objectCount)
        let total = try visit(layout.topObject, depth: 0)
        // The reader checks every partial sum, and the top container's last sum is the total.
        let limits = DecodingLimits.current
        let top = entries[layout.topObject].kind
        guard (top != .array && top != .dictionary)
            || (total.nodes <= limits.values(forInputOf: layout.bytes.count)
                && total.bytes <= limits.stringBytes(forInputOf: layout.bytes.count))
        else { throw Refusal() }
    }

    /// The reference at `position` among those of the container `entry` (for a dictionary, its
    /// keys come first, then its values).
    @inline(__always)
    func reference(_ position: Int, of entry: Entry) -> Int {
        Int(references[Int(truncatingIfNeeded: entry.payload) + position])
    }

    /// The string of a string entry.
    @inline(__always)
    func string(of entry: Entry) -> String { strings[Int(truncatingIfNeeded: entry.payload)] }

    /// The scalar of a scalar entry, as the tree reader reads it.
    func scalar(of entry: Entry) -> PropertyListObject? {
        switch entry.kind {
        case .string: .string(strings[Int(entry.payload)])
        case .integer: .integer(Int64(bitPattern: entry.payload))
        case .unsigned: .unsignedInteger(entry.payload)
        case .real: .real(Double(bitPattern: entry.payload))
        case .bool: .bool(entry.payload != 0)
        case .date: .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: entry.payload)))
        case .data: .data(data[Int(entry.payload)])
        case .uid: .uid(entry.payload)
        case .unreached, .array, .dictionary: nil
        }
    }

    /// Visits object `reference` and everything it holds; gives the values and the bytes of
    /// strings and data the tree reader would count for it.
    private mutating func visit(_ reference: Int, depth: Int) throws(Refusal) -> (nodes: Int, bytes: Int) {
        guard reference < layout.objectCount else { throw Refusal() }
        switch entries[reference].kind {
        case .unreached: break
        case .array, .dictionary: throw Refusal()
        default: return (1, Int(entries[reference].count))
        }
        guard let start = try? layout.objectOffset(reference) else { throw Refusal() }
        let marker = layout.bytes[start]
        switch marker >> 4 {
        case 0xA, 0xB, 0xC:
            guard depth < maximumDepth, let (count, payload) = try? layout.countAndPayload(at: start, unitSize: layout.referenceSize) else {
                throw Refusal()
            }
            let entry = container(.array, count: count, slots: count, payload: payload)
            entries[reference] = entry
            var total = (nodes: 1, bytes: 0)
            for position in 0..<count {
                let element = try visit(self.reference(position, of: entry), depth: depth + 1)
                total.nodes += element.nodes
                total.bytes += element.bytes
            }
            return total
        case 0xD:
            guard depth < maximumDepth, let (count, payload) = try? layout.countAndPayload(at: start, unitSize: 2 * layout.referenceSize) else {
                throw Refusal()
            }
            let entry = container(.dictionary, count: count, slots: 2 * count, payload: payload)
            entries[reference] = entry
            var total = (nodes: 1, bytes: 0)
            for position in 0..<count {
                let key = self.reference(position, of: entry)
                // A key must be a string (the reader reads a container key fully, then refuses it).
                _ = try visit(key, depth: depth + 1)
                guard entries[key].kind == .string else { throw Refusal() }
                let value = try visit(self.reference(count + position, of: entry), depth: depth + 1)
                total.nodes += value.nodes
                total.bytes += value.bytes + Int(entries[key].count)
            }
            return total
        default:
            guard let scalar = try? layout.scalar(at: start, marker: marker) else { throw Refusal() }
            entries[reference] = entry(of: scalar)
            return (1, Int(entries[reference].count))
        }
    }

    /// A container's entry, its `slots` references copied from the bytes at `payload`.
    private mutating func container(_ kind: Kind, count: Int, slots: Int, payload: Int) -> Entry {
        let first = references.count
        for position in 0..<slots {
            references.append(Int32(clamping: layout.reference(at: payload + position * layout.referenceSize)))
        }
        return Entry(kind: kind, count: Int32(count), payload: UInt64(first))
    }

    private mutating func entry(of scalar: PropertyListObject) -> Entry {
        switch scalar {
        case .string(let text):
            strings.append(text)
            return Entry(kind: .string, count: Int32(clamping: text.utf8.count), payload: UInt64(strings.count - 1))
        case .integer(let number): return Entry(kind: .integer, payload: UInt64(bitPattern: number))
        case .unsignedInteger(let number): return Entry(kind: .unsigned, payload: number)
        case .real(let number): return Entry(kind: .real, payload: number.bitPattern)
        case .bool(let flag): return Entry(kind: .bool, payload: flag ? 1 : 0)
        case .date(let date): return Entry(kind: .date, payload: date.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let bytes):
            data.append(bytes)
            return Entry(kind: .data, count: Int32(clamping: bytes.count), payload: UInt64(data.count - 1))
        case .uid(let value): return Entry(kind: .uid, payload: value)
        case .array, .dictionary: preconditionFailure("containers are not scalars")
        }
    }
}
