import Foundation
import OrderedCollections

/// The keyed archive's writer: the one encoder's calls, a graph replayed
/// (``InputIndex/write(to:)``) or a typed tree go straight into the archive's object table
/// (``KeyedArchiveObjectTable``), and ``finish()`` writes the binary archive.
///
/// | value | archive |
/// |---|---|
/// | string, number, bool, data | stored inline in `$objects`, each distinct string and number once |
/// | null | an NSNull object (stored once); as an object's value, `$null` (nil) |
/// | date | NSDate (`NS.time`, seconds since 2001) |
/// | array | NSArray (`NS.objects`); a set NSSet, an ordered set NSOrderedSet (`NS.object.0` …) |
/// | dictionary | NSDictionary (`NS.keys`, `NS.objects`) |
/// | object of class `name` | an object of class `name` (`$classes` [name, NSObject]), every key a UID |
/// | a value met again (``writeAlias(to:)``, `{"$alias": path}`) | the UID of its first occurrence |
///
/// A value's form (``setStyle(_:_:)``) picks its class: `.mutable` writes NSMutableArray,
/// NSMutableDictionary, NSMutableSet, NSMutableOrderedSet, NSMutableString and NSMutableData
/// objects, and a string of variant `.url` an NSURL. A shared container or object is one
/// archived object that every later occurrence refers to, also from inside itself (a cycle).
/// A string equal to `$null` is an NSString object, so that it does not read back as nil.
///
/// An alias whose first occurrence was not written by this writer as such (a key path in a
/// typed tree, or an instance first written inside a value the encoder buffered) is a
/// placeholder, resolved by its key path once the archive is whole. A value the encoder takes
/// back (``takeBack(since:)``) comes back as a typed tree, and the objects it had left behind are
/// dropped when the archive is written.
///
/// Nothing throws while writing: the first error (a `$class` naming a Foundation class the
/// reader reads as a plain value, nesting deeper than ``DecodingLimits/maximumDepth``, a `$class`
/// that is not a string, an alias that leads nowhere), with its path, is thrown by ``finish()``.
final class KeyedArchiveModelWriter: DocumentWriter {
    /// A value's form, as ``setStyle(_:_:)`` gave it.
    private struct Style {
        var flags: GraphFlags = []
        var variant: GraphVariant = .plain
    }

    private enum Frame {
        case array(uid: Int32, start: Int, style: Style)
        case dictionary(uid: Int32, start: Int, style: Style)
        case object(KeyedArchiveObjectTable.TypedObject)

        /// The container's UID.
        var uid: Int32 {
            switch self {
            case .array(let uid, _, _), .dictionary(let uid, _, _): uid
            case .object(let object): object.uid
            }
        }

        /// Where the frame's children start among the table's pending UIDs.
        var start: Int {
            switch self {
            case .array(_, let start, _), .dictionary(_, let start, _): start
            case .object(let object): object.start
            }
        }
    }

    @exclusivity(unchecked) private var table = KeyedArchiveObjectTable()
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var root: Int32?
    /// The form the next value takes (``setStyle(_:_:)``), when it has one.
    @exclusivity(unchecked) private var style: Style?
    /// The shared instance whose first occurrence the next container is.
    @exclusivity(unchecked) private var opening: SharedObject?
    /// The shared instances begun and not yet ended, innermost last.
    @exclusivity(unchecked) private var openShared: [SharedObject] = []
    /// The shared instances given a UID, in order.
    @exclusivity(unchecked) private var registered: [SharedObject] = []
    /// Whether values were taken back, leaving objects nothing refers to.
    @exclusivity(unchecked) private var tookBack = false
    /// The first error, and the number of objects when it was met.
    @exclusivity(unchecked) private var failure: (error: ModelError, objectCount: Int)?
    private let maximumDepth = DecodingLimits.current.maximumDepth

    /// The encoder keeps each key once for a writer that does not replace keys.
    var replacesDuplicateKeys: Bool { false }

    /// The binary archive of what was written.
    ///
    /// - Throws: ``ModelError`` with format `keyed-archive` and the path of the value: the
    ///   first error met while writing, or an alias that leads nowhere.
    func finish() throws(ModelError) -> Data {
        if let failure { throw failure.error }
        var rootUID = root ?? table.nsNull()
        let hasAliases = !table.aliases.isEmpty
        try table.resolveAliases(root: &rootUID)
        if hasAliases || tookBack { rootUID = table.compact(root: rootUID) }
        return table.data(root: rootUID)
    }

    // MARK: Values

    func writeNull() {
        style = nil
        // An object's nil is `$null`; a collection cannot hold nil, so it holds NSNull.
        if case .object? = frames.last { put(KeyedArchiveObjectTable.null) } else { put(table.nsNull()) }
    }

    func writeBool(_ value: Bool) {
        style = nil
        put(table.bool(value))
    }

    func writeInteger(_ value: Int64) {
        style = nil
        put(table.integer(value))
    }

    func writeUnsigned(_ value: UInt64) {
        style = nil
        put(table.unsigned(value))
    }

    func writeDouble(_ value: Double) {
        style = nil
        put(table.real(value))
    }

    func writeString(_ value: String) {
        if let style {
            self.style = nil
            if style.variant == .url { return put(table.url(value)) }
            if style.flags.contains(.mutable) { return put(table.stringObject(value, className: "NSMutableString")) }
        }
        put(table.string(value))
    }

    func writeData(_ value: Data) {
        let mutable = style?.flags.contains(.mutable) == true
        style = nil
        put(table.data(value, mutable: mutable))
    }

    func writeDate(_ value: Date) {
        style = nil
        put(table.date(value))
    }

    /// Adds a finished value to the innermost container, or makes it the root.
    @inline(__always)
    private func put(_ uid: Int32) {
        guard let top = frames.indices.last else {
            if root == nil { root = uid }
            return
        }
        switch frames[top] {
        case .array:
            table.add(uid)
        case .dictionary(_, let start, _):
            // A value without a key is dropped, as a tree drops it.
            if table.awaitsValue(since: start) { table.add(uid) }
        case .object(let object):
            if table.awaitsValue(since: object.start) { table.add(uid) }
        }
    }

    // MARK: Trees

    /// Writes a typed tree: `{"$class": name, …}` is an object of class `name`, `{"$alias":
    /// "key.path"}` the object at that key path of the document.
    func writeTree(_ value: ModelValue) {
        switch value {
        case .array(let elements):
            guard beginsContainer() else { return }
            beginArray(count: elements.count)
            for element in elements { writeTree(element) }
            endArray()
        case .dictionary(let entries):
            if case .string(let target)? = entries[TypedTree.aliasKey] {
                style = nil
                return put(table.alias(to: target, at: path()))
            }
            guard beginsContainer() else { return }
            if let name = entries[TypedTree.classKey] {
                guard case .string(let className) = name, !className.isEmpty else {
                    fail(.typeMismatch(expected: "a class name", found: name.kindName), at: .key(TypedTree.classKey), excerpt: name.excerpt)
                    return put(table.nsNull())
                }
                beginObject(className: className)
                for (key, element) in entries where key != TypedTree.classKey {
                    writeKey(key)
                    writeTree(element)
                }
            } else {
                beginDictionary(count: entries.count)
                for (key, element) in entries {
                    writeKey(key)
                    writeTree(element)
                }
            }
            endDictionary()
        default:
            TreeEncoder.write(value, to: self)
        }
    }

    // MARK: Containers

    func beginArray(count: Int?) {
        let style = takeStyle()
        checkDepth()
        let (uid, start) = table.beginContainer()
        register(uid)
        frames.append(.array(uid: uid, start: start, style: style))
    }

    func endArray() { endContainer() }

    func beginDictionary(count: Int?) {
        let style = takeStyle()
        checkDepth()
        let (uid, start) = table.beginContainer()
        register(uid)
        frames.append(.dictionary(uid: uid, start: start, style: style))
    }

    func beginObject(className: String) {
        style = nil
        checkDepth()
        let object = table.beginTypedObject(className)
        // Foundation's value classes read back as plain values, not as objects of the class.
        if object.isFoundationValue {
            fail(
                .unsupported("the class name \(className) is Foundation's, which keyed archives read as a plain value; write the value itself"),
                at: .key(TypedTree.classKey))
        }
        register(object.uid)
        frames.append(.object(object))
    }

    func writeKey(_ key: String) {
        guard let top = frames.indices.last else { return }
        switch frames[top] {
        case .dictionary(_, let start, _):
            if !table.awaitsValue(since: start) { table.addKey(key) }
        case .object(var object):
            guard !table.awaitsValue(since: object.start) else { return }
            // An archived object's `$class` is its class reference, which the field would replace.
            if key == TypedTree.classKey { fail(TypedTree.reservedKeyReason(key), at: .key(key)) }
            table.addField(key, to: &object)
            frames[top] = .object(object)
        case .array:
            break
        }
    }

    func endDictionary() { endContainer() }

    /// Ends the innermost container, whatever it is: after an error the encoder may close a
    /// container around one it left open (its output is dropped then).
    private func endContainer() {
        switch frames.popLast() {
        case .array(let uid, let start, let style)?:
            if style.flags.isEmpty, style.variant == .plain {
                table.endArray(uid, from: start)
            } else {
                table.endArray(uid, from: start, className: KeyedArchiveFoundationClass.arrayClass(style.flags, style.variant))
            }
            put(uid)
        case .dictionary(let uid, let start, let style)?:
            table.endDictionary(uid, from: start, mutable: style.flags.contains(.mutable))
            put(uid)
        case .object(let object)?:
            table.endTypedObject(object)
            put(object.uid)
        case nil:
            break
        }
    }

    /// Whether a container may be written here: within the depth a reader accepts. One that is
    /// not is an error, and null stands in its place.
    private func beginsContainer() -> Bool {
        guard frames.count >= maximumDepth else { return true }
        checkDepth()
        put(table.nsNull())
        return false
    }

    private func checkDepth() {
        if frames.count >= maximumDepth { fail(DecodingLimits.depthExceeded(maximumDepth)) }
    }

    /// The form given for the next value, once.
    @inline(__always)
    private func takeStyle() -> Style {
        guard let style else { return Style() }
        self.style = nil
        return style
    }

    // MARK: Forms and shared instances

    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) {
        style = Style(flags: flags, variant: variant)
    }

    func beginShared(_ object: SharedObject) {
        opening = object
        openShared.append(object)
    }

    func endShared(_ object: SharedObject) {
        // A shared value that was no container (a scalar) leaves nothing to refer to.
        if opening === object { opening = nil }
        if openShared.last === object { openShared.removeLast() }
    }

    /// Records `uid` as the first occurrence of the shared instance being opened.
    @inline(__always)
    private func register(_ uid: Int32) {
        guard let object = opening else { return }
        opening = nil
        object.writtenIndex = Int(uid)
        registered.append(object)
    }

    func writeAlias(to object: SharedObject) {
        style = nil
        if let uid = object.writtenIndex { return put(Int32(uid)) }
        // Its first occurrence went through a tree: found by its key path once all is written.
        put(table.alias(to: object.keyPath, at: path()))
    }

    // MARK: Taking back

    func mark() -> WriterMark {
        WriterMark(offset: table.objectCount, depth: frames.count, count: table.pendingCount)
    }

    func rewind(to mark: WriterMark) {
        restore(mark)
        if let failure, failure.objectCount >= mark.offset { self.failure = nil }
    }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        var places: [Int32: String] = [:]
        for object in registered where object.writtenIndex.map({ $0 < mark.offset }) == true {
            places[Int32(object.writtenIndex!)] = object.keyPath
        }
        var steps = path(through: mark.depth, end: mark.count).components
        let content: EncodingNode.Content
        if frames.count > mark.depth {
            // The value is a container, still open: its elements or entries so far.
            let frame = frames[mark.depth]
            let start = frame.start
            let end = mark.depth + 1 < frames.count ? frames[mark.depth + 1].start : table.pendingCount
            places[frame.uid] = TypedTree.keyPath(for: ModelPath(steps))
            if case .array = frame {
                content = .array((start..<end).map { position in
                    steps.append(.index(position - start))
                    defer { steps.removeLast() }
                    return .value(table.tree(of: table.pending[position], at: &steps, places: &places))
                })
            } else {
                let isObject = if case .object = frame { true } else { false }
                var entries = OrderedDictionary<String, EncodingNode.Slot>()
                for position in stride(from: start, to: end - 1, by: 2) {
                    let key = table.pendingKey(at: position, inObject: isObject)
                    steps.append(.key(key))
                    entries[key] = .value(table.tree(of: table.pending[position + 1], at: &steps, places: &places))
                    steps.removeLast()
                }
                content = .dictionary(entries)
            }
        } else if mark.depth == 0 {
            content = root.map { .value(table.tree(of: $0, at: &steps, places: &places)) } ?? .empty
        } else if table.pendingCount > mark.count {
            // The value is finished: the last element, or the value under the mark's key.
            content = .value(table.tree(of: table.pending[table.pendingCount - 1], at: &steps, places: &places))
        } else {
            content = .empty
        }
        restore(mark)
        return content
    }

    func writeRecorded(_ recording: any WriterRecording) {
        assertionFailure("the keyed-archive writer takes values back as trees")
    }

    /// Puts the containers and their children back as they were at `mark`; the objects written
    /// since are left for ``finish()`` to drop.
    private func restore(_ mark: WriterMark) {
        tookBack = true
        style = nil
        frames.removeLast(frames.count - mark.depth)
        table.dropPending(from: mark.count)
        if mark.depth == 0 { root = nil }
        if let top = frames.indices.last, case .object(var object) = frames[top] {
            table.resync(&object)
            frames[top] = .object(object)
        }
        table.forgetAliases(from: Int32(mark.offset))
        // The instances first written since are written again (or aliased by key path).
        while let last = registered.last, let uid = last.writtenIndex, uid >= mark.offset {
            last.writtenIndex = nil
            registered.removeLast()
            if openShared.last === last { opening = last }
        }
    }

    // MARK: Errors

    /// The path of the value being written; with `depth`, of the value written at `end` among
    /// the pending UIDs of the container `depth` levels down (a mark's place).
    private func path(through depth: Int? = nil, end lastEnd: Int? = nil) -> ModelPath {
        let depth = depth ?? frames.count
        var components: [ModelPath.Component] = []
        for level in 0..<depth {
            let start = frames[level].start
            let end = level + 1 < depth ? frames[level + 1].start : lastEnd ?? (level + 1 < frames.count ? frames[level + 1].start : table.pendingCount)
            switch frames[level] {
            case .array:
                components.append(.index(end - start))
            case .dictionary, .object:
                let isObject = if case .object = frames[level] { true } else { false }
                if (end - start) & 1 == 1 {
                    components.append(.key(table.pendingKey(at: end - 1, inObject: isObject)))
                } else if end < table.pendingCount {
                    components.append(.key(table.pendingKey(at: end, inObject: isObject)))
                }
            }
        }
        return ModelPath(components)
    }

    /// Keeps the first error, at the value being written (one `component` further when given).
    private func fail(_ reason: ModelError.Reason, at component: ModelPath.Component? = nil, excerpt: String? = nil) {
        guard failure == nil else { return }
        var components = path().components
        if let component { components.append(component) }
        failure = (ModelError(reason, path: ModelPath(components), excerpt: excerpt, format: ModelFormat.keyedArchive.rawValue), table.objectCount)
    }
}
