import Foundation
import OrderedCollections

/// The writer of the property-list and HR formats: it records the calls of the one encoder (or
/// of a graph replayed into it, ``InputIndex/write(to:)``) as a small graph
/// (``RecordedDocument``), and its format writes that when the value is done (``finish()``):
/// a binary property list needs a dictionary's keys before its values, and HR's aliases must
/// name places that exist once the document is whole.
///
/// - A shared container or object (``beginShared(_:)``) is one item, and a later occurrence
///   (``writeAlias(to:)``) an alias item that names it; the format decides how to store it (a
///   binary property list refers to the same object again, an XML property list and HR write
///   `{"$alias": path}`).
/// - In a typed format (`typed`, the HR formats) a tree's `{"$class": …}` dictionaries are
///   objects and its `{"$alias": path}` dictionaries aliases (checked when the document is
///   done); the reserved keys `$data` and `$alias`, `$class` as an object's property, and a
///   `$class` naming one of the Foundation values HR reads as values (`NSDate` …), are refused.
///   A graph's plain dictionary with a `$class` string is written as it is, as HRCoder did, and
///   reads back as an object. In a plain format a tree is written as it is.
/// - Nesting deeper than ``DecodingLimits/maximumDepth`` is refused.
///
/// Nothing here throws: the first problem is kept, with the path of its value, and thrown by
/// ``finish()``, after the encoder's own errors; then come the format's own (a null in a
/// property list), from its ``Serializer``.
final class DocumentRecorder: DocumentWriter {
    /// Writes the recorded document in a format.
    typealias Serializer = (RecordedDocument) throws(ModelError) -> Data

    /// The class names the HR formats read as values, which a typed document may not use for
    /// objects.
    static let foundationValueClasses: Set<String> = [
        "NSNull", "NSDate", "NSString", "NSMutableString", "NSData", "NSMutableData", "NSURL",
    ]
    /// `$data`: HR's key for base64 bytes, reserved in typed documents.
    static let dataKey = "$data"

    private let format: ModelFormat
    private let typed: Bool
    private let serializer: Serializer
    private let maximumDepth = DecodingLimits.current.maximumDepth

    @exclusivity(unchecked) private var document = RecordedDocument()
    /// Children of the open containers, innermost last: elements, or key and value pairs.
    @exclusivity(unchecked) private var pending: [Int32] = []
    /// Per open container: its item and where its children start in ``pending``.
    @exclusivity(unchecked) private var frames: [(item: Int32, start: Int)] = []
    /// The style and sharing of the next value.
    @exclusivity(unchecked) private var nextFlags: GraphFlags = []
    @exclusivity(unchecked) private var nextVariant: GraphVariant = .plain
    @exclusivity(unchecked) private var nextShared: SharedObject?
    /// The first occurrences written, to forget those taken back.
    @exclusivity(unchecked) private var sharedItems: [(item: Int32, object: SharedObject)] = []
    @exclusivity(unchecked) private var failure: ModelError?
    /// The depth of the plain dictionary whose `$class` key was just written (its value is
    /// checked, ``checkClassName(_:payload:)``); -1 when none.
    @exclusivity(unchecked) private var classNameDepth = -1
    /// The item count when the failure was met: a rewind to before it forgets it.
    @exclusivity(unchecked) private var failureItem = 0

    /// A recorder for `format`, typed (HR) or plain, whose document `serializer` writes.
    init(format: ModelFormat, typed: Bool, serializer: @escaping Serializer) {
        self.format = format
        self.typed = typed
        self.serializer = serializer
    }

    /// The document's bytes.
    ///
    /// - Throws: ``ModelError`` with the format and the path: the first value refused while
    ///   recording, then, in a typed format, an alias that names nothing or another alias, then
    ///   what the serializer refuses.
    func finish() throws(ModelError) -> Data {
        if let failure { throw failure }
        guard document.root != nil else { throw ModelError(.unsupported("no value was written"), format: format) }
        if typed { try document.validateAliases(format: format.rawValue) }
        return try serializer(document)
    }

    var replacesDuplicateKeys: Bool { false }

    // MARK: Items

    /// Makes an item for the next value and hands it to the open container (or makes it the root).
    @discardableResult
    private func add(_ kind: RecordedDocument.Item.Kind, payload: UInt64 = 0) -> Int32 {
        if classNameDepth == frames.count { checkClassName(kind, payload: payload) }
        document.items.append(RecordedDocument.Item(kind: kind, flags: nextFlags, variant: nextVariant, payload: payload))
        let item = Int32(truncatingIfNeeded: document.items.count - 1)
        nextFlags = []
        nextVariant = .plain
        if let shared = nextShared {
            shared.writtenIndex = Int(item)
            sharedItems.append((item, shared))
            nextShared = nil
        }
        if frames.isEmpty {
            if document.root == nil { document.root = item }
        } else {
            pending.append(item)
        }
        return item
    }

    func writeNull() { add(.null) }
    func writeBool(_ value: Bool) { add(.bool, payload: value ? 1 : 0) }
    func writeInteger(_ value: Int64) { add(.integer, payload: UInt64(bitPattern: value)) }
    func writeUnsigned(_ value: UInt64) { add(value <= UInt64(Int64.max) ? .integer : .unsigned, payload: value) }
    func writeDouble(_ value: Double) { add(.double, payload: value.bitPattern) }
    func writeDate(_ value: Date) { add(.date, payload: value.timeIntervalSinceReferenceDate.bitPattern) }

    func writeString(_ value: String) {
        document.strings.append(value)
        add(.string, payload: UInt64(document.strings.count - 1))
    }

    func writeData(_ value: Data) {
        document.data.append(value)
        add(.data, payload: UInt64(document.data.count - 1))
    }

    // MARK: Containers

    private func open(_ kind: RecordedDocument.Item.Kind, payload: UInt64 = 0) {
        if frames.count >= maximumDepth { fail(DecodingLimits.depthExceeded(maximumDepth)) }
        let item = add(kind, payload: payload)
        frames.append((item, pending.count))
    }

    private func close() {
        let (item, start) = frames.removeLast()
        let first = document.children.count
        document.children.append(contentsOf: pending[start...])
        let step = document.items[Int(item)].kind == .array ? 1 : 2
        document.items[Int(item)].first = Int32(truncatingIfNeeded: first)
        document.items[Int(item)].count = Int32(truncatingIfNeeded: (pending.count - start) / step)
        pending.removeSubrange(start...)
    }

    func beginArray(count: Int?) { open(.array) }
    func endArray() { close() }
    func beginDictionary(count: Int?) { open(.dictionary) }

    func beginObject(className: String) {
        if typed, Self.foundationValueClasses.contains(className) {
            fail(Self.foundationClassReason(className), below: [.key(TypedTree.classKey)])
        }
        document.strings.append(className)
        open(.object, payload: UInt64(document.strings.count - 1))
    }

    func writeKey(_ key: String) {
        if typed, key.utf8.first == UInt8(ascii: "$") { checkReservedKey(key) }
        document.strings.append(key)
        pending.append(Int32(truncatingIfNeeded: document.strings.count - 1))
    }

    func endDictionary() { close() }

    /// In a typed document: `$data` and `$alias` are refused as keys, and so is `$class` as an
    /// object's property. A plain dictionary's `$class` is written as it is, as HRCoder wrote a
    /// dictionary read from JSON (the originals' `fromjson/typed.hr.json`), and reads back as an
    /// object of that class; its value must then be a class name HR reads as one.
    @inline(never)
    private func checkReservedKey(_ key: String) {
        switch key {
        case TypedTree.classKey where frames.last.map({ document.items[Int($0.item)].kind == .dictionary }) == true:
            classNameDepth = frames.count
        case Self.dataKey, TypedTree.classKey, TypedTree.aliasKey:
            fail(Self.reservedKeyReason(key), below: [.key(key)])
        default:
            break
        }
    }

    /// Checks the value of a plain dictionary's `$class`, about to be added: a string naming a
    /// class that is not one of the Foundation values HR reads as values.
    @inline(never)
    private func checkClassName(_ kind: RecordedDocument.Item.Kind, payload: UInt64) {
        classNameDepth = -1
        guard kind == .string else {
            return fail(.typeMismatch(expected: "a class name", found: "\(kind)"))
        }
        let name = document.strings[Int(payload)]
        if name.isEmpty { fail(.typeMismatch(expected: "a class name", found: "an empty string")) }
        if Self.foundationValueClasses.contains(name) { fail(Self.foundationClassReason(name)) }
    }

    // MARK: Sharing and style

    func beginShared(_ object: SharedObject) { nextShared = object }
    func endShared(_ object: SharedObject) {}

    func writeAlias(to object: SharedObject) {
        document.aliases.append(.shared(object))
        add(.alias, payload: UInt64(document.aliases.count - 1))
    }

    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) {
        nextFlags = flags
        nextVariant = variant
    }

    // MARK: Trees

    func writeTree(_ value: ModelValue) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .integer(let number): writeInteger(number)
        case .unsignedInteger(let number): writeUnsigned(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .data(let bytes): writeData(bytes)
        case .date(let date): writeDate(date)
        case .array(let elements):
            if frames.count >= maximumDepth { return tooDeep() }
            beginArray(count: elements.count)
            for element in elements { writeTree(element) }
            endArray()
        case .dictionary(let entries):
            if frames.count >= maximumDepth { return tooDeep() }
            guard typed else {
                beginDictionary(count: entries.count)
                for (key, entry) in entries {
                    writeKey(key)
                    writeTree(entry)
                }
                return endDictionary()
            }
            writeTyped(entries)
        }
    }

    /// A dictionary of a typed tree: an alias, an object, or a plain dictionary.
    private func writeTyped(_ entries: OrderedDictionary<String, ModelValue>) {
        if let alias = entries[TypedTree.aliasKey] {
            guard case .string(let path) = alias else {
                fail(.typeMismatch(expected: "string", found: alias.kindName), below: [.key(TypedTree.aliasKey)])
                return writeNull()
            }
            document.aliases.append(.path(path))
            add(.alias, payload: UInt64(document.aliases.count - 1))
            return
        }
        if let name = entries[TypedTree.classKey] {
            guard case .string(let className) = name else {
                fail(.typeMismatch(expected: "string", found: name.kindName), below: [.key(TypedTree.classKey)])
                return writeNull()
            }
            beginObject(className: className)
        } else {
            beginDictionary(count: entries.count)
        }
        for (key, entry) in entries where key != TypedTree.classKey {
            writeKey(key)
            writeTree(entry)
        }
        endDictionary()
    }

    /// Keeps the depth error for a container at the current place, and writes a null there.
    private func tooDeep() {
        fail(DecodingLimits.depthExceeded(maximumDepth))
        writeNull()
    }

    // MARK: Errors

    /// Why a dictionary or object may not hold `key` in an HR document: `$data` is HR's key for
    /// bytes, and `$class` and `$alias` are the typed tree's (``TypedTree/reservedKeyReason(_:)``).
    static func reservedKeyReason(_ key: String) -> ModelError.Reason {
        guard key == dataKey else { return TypedTree.reservedKeyReason(key) }
        return .unsupported("the key \(dataKey) is reserved in HR documents; store bytes as data values")
    }

    static func foundationClassReason(_ name: String) -> ModelError.Reason {
        .unsupported("$class \(name) names a Foundation value, which HR reads back as that value, not this dictionary")
    }

    /// Keeps the first error: `reason` at the place of the next value, with `steps` below it.
    private func fail(_ reason: ModelError.Reason, below steps: [ModelPath.Component] = []) {
        guard failure == nil else { return }
        failure = ModelError(reason, path: ModelPath(currentPath() + steps), format: format)
        failureItem = document.items.count
    }

    /// The place of the next value: per open container, the index it will have, or the key
    /// written for it (none when a dictionary's next key is still to come).
    private func currentPath() -> [ModelPath.Component] {
        var components: [ModelPath.Component] = []
        for (depth, frame) in frames.enumerated() {
            // The children so far; a deeper open container is the next child, not counted.
            let end = depth + 1 < frames.count ? frames[depth + 1].start - 1 : pending.count
            if document.items[Int(frame.item)].kind == .array {
                components.append(.index(end - frame.start))
            } else if (end - frame.start) % 2 == 1 {
                components.append(.key(document.strings[Int(pending[end - 1])]))
            }
        }
        return components
    }

    // MARK: Marks

    func mark() -> WriterMark {
        WriterMark(offset: document.items.count, depth: frames.count, count: pending.count)
    }

    func rewind(to mark: WriterMark) {
        restore(mark)
        if failure != nil, failureItem >= mark.offset { failure = nil }
    }

    /// Puts the recording back as it was at `mark` (strings, data and closed children it no longer
    /// names stay, unused).
    private func restore(_ mark: WriterMark) {
        document.items.removeSubrange(mark.offset...)
        frames.removeLast(frames.count - mark.depth)
        pending.removeSubrange(mark.count...)
        if let root = document.root, root >= mark.offset { document.root = nil }
        while let last = sharedItems.last, last.item >= mark.offset {
            last.object.writtenIndex = nil
            sharedItems.removeLast()
        }
        nextFlags = []
        nextVariant = .plain
        nextShared = nil
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        if frames.count > mark.depth {
            // The value is a container, still open: its children so far.
            let (item, start) = frames[mark.depth]
            let end = mark.depth + 1 < frames.count ? frames[mark.depth + 1].start - 1 : pending.count
            let content: EncodingNode.Content
            if document.items[Int(item)].kind == .array {
                content = .array(pending[start..<end].map { .value(document.tree($0)) })
            } else {
                var entries = OrderedDictionary<String, EncodingNode.Slot>()
                var position = start
                while position + 1 < end {
                    entries[document.strings[Int(pending[position])]] = .value(document.tree(pending[position + 1]))
                    position += 2
                }
                content = .dictionary(entries)
            }
            restore(mark)
            return content
        }
        // The value is finished: the last child written, or the root.
        let value: Int32?
        if mark.depth == 0 {
            value = document.root
        } else {
            value = pending.count > mark.count ? pending.last : nil
        }
        let content = value.map { EncodingNode.Content.value(document.tree($0)) } ?? .empty
        restore(mark)
        return content
    }

    func writeRecorded(_ recording: any WriterRecording) {
        assertionFailure("the recorder takes values back as trees")
    }
}
