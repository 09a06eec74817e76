import Foundation

/// The objects of a binary property list, read once for a reader that follows references itself
/// (the keyed-archive index) instead of building ``PropertyListObject`` containers: every scalar
/// reachable from the top object decoded, and every container's element count and payload found.
///
/// ``init(layout:maximumDepth:)`` walks the objects as ``BinaryPropertyListReader`` does, with
/// the same checks and limits, and succeeds only when that reader would read the bytes without an
/// error and every container is reached once (the containers form a tree, as every writer makes
/// them). So a reader of the table meets no malformed object, and whatever it accepts the tree
/// reader accepts too.
///
/// Complexity: O(n) in the reachable objects, with one entry of a few words per object.
struct BinaryPropertyListTable {
    /// What an object is, once reached.
    enum Kind: UInt8 {
        case unreached, scalar, array, dictionary
    }

    /// One reached object: its kind and, for a container, its element count and where its
    /// references start.
    struct Entry {
        var kind: Kind = .unreached
        var count = 0
        var payload = 0
    }

    /// Why the table was not made: the tree reader would fail, or a container is shared.
    struct Refusal: Error {}

    let layout: BinaryPropertyListLayout
    private(set) var entries: [Entry]
    /// The scalar of each reached scalar object, by reference.
    private(set) var scalars: [PropertyListObject?]
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
        scalars = Array(repeating: nil, count: layout.objectCount)
        let total = try visit(layout.topObject, depth: 0)
        // The reader checks every partial sum, and the top container's last sum is the total.
        let limits = DecodingLimits.current
        guard entries[layout.topObject].kind == .scalar
            || (total.nodes <= limits.values(forInputOf: layout.bytes.count)
                && total.bytes <= limits.stringBytes(forInputOf: layout.bytes.count))
        else { throw Refusal() }
    }

    /// The reference stored as element `position` of the container at `entry` (for a
    /// dictionary, its keys come first, then its values).
    @inline(__always)
    func reference(_ position: Int, of entry: Entry) -> Int {
        layout.reference(at: entry.payload + position * layout.referenceSize)
    }

    /// Visits object `reference` and everything it holds; gives the values and the bytes of
    /// strings and data the tree reader would count for it.
    private mutating func visit(_ reference: Int, depth: Int) throws(Refusal) -> (nodes: Int, bytes: Int) {
        guard reference < layout.objectCount else { throw Refusal() }
        switch entries[reference].kind {
        case .scalar: return (1, scalars[reference]!.stringByteCount)
        case .array, .dictionary: throw Refusal()
        case .unreached: break
        }
        do {
            let start = try layout.objectOffset(reference)
            let marker = layout.bytes[start]
            switch marker >> 4 {
            case 0xA, 0xB, 0xC:
                guard depth < maximumDepth else { throw Refusal() }
                let (count, payload) = try layout.countAndPayload(at: start, unitSize: layout.referenceSize)
                let entry = Entry(kind: .array, count: count, payload: payload)
                entries[reference] = entry
                var total = (nodes: 1, bytes: 0)
                for position in 0..<count {
                    let element = try visit(self.reference(position, of: entry), depth: depth + 1)
                    total.nodes += element.nodes
                    total.bytes += element.bytes
                }
                return total
            case 0xD:
                guard depth < maximumDepth else { throw Refusal() }
                let (count, payload) = try layout.countAndPayload(at: start, unitSize: 2 * layout.referenceSize)
                let entry = Entry(kind: .dictionary, count: count, payload: payload)
                entries[reference] = entry
                var total = (nodes: 1, bytes: 0)
                for position in 0..<count {
                    let key = self.reference(position, of: entry)
                    // A key must be a string (the reader reads a container key fully, then refuses it).
                    _ = try visit(key, depth: depth + 1)
                    guard case .string(let name)? = scalars[key] else { throw Refusal() }
                    let value = try visit(self.reference(count + position, of: entry), depth: depth + 1)
                    total.nodes += value.nodes
                    total.bytes += value.bytes + name.utf8.count
                }
                return total
            default:
                let scalar = try layout.scalar(at: start, marker: marker)
                entries[reference].kind = .scalar
                scalars[reference] = scalar
                return (1, scalar.stringByteCount)
            }
        } catch let error as Refusal {
            throw error
        } catch {
            throw Refusal()
        }
    }
}
