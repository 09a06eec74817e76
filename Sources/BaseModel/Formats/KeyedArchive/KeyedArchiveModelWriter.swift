import Foundation

/// Writes a model straight into a keyed archive's object table, without building its typed
/// tree first: the encoder's calls go to ``KeyedArchiveObjectTable`` in the order the tree path
/// (``TreeWriter``, then ``KeyedArchiveWriter``) would make them, so the bytes are the same.
///
/// What the tree path does with whole-tree knowledge is left to it: when the encoder takes a
/// value back (a key written twice, a caught error), or a value needs the tree (an `$alias` or
/// `$class` key in a plain value, an alias to something other than an object written before, a
/// Foundation class name, nesting at the limit), the writer stops and ``finish()`` returns `nil`;
/// the codec then encodes the model again through the tree, which gives the bytes or the error.
final class KeyedArchiveModelWriter: ModelWriter {
    private enum Frame {
        case array(uid: Int32, start: Int)
        case dictionary(uid: Int32, start: Int, hasKey: Bool)
        case object(KeyedArchiveObjectTable.TypedObject, hasKey: Bool)
    }

    @exclusivity(unchecked) private var table = KeyedArchiveObjectTable()
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var root: Int32?
    /// Set once the writer has stopped: every later call is ignored.
    @exclusivity(unchecked) private var needsTree = false
    /// The shared instance whose first occurrence the next container is.
    @exclusivity(unchecked) private var opening: SharedObject?
    private let maximumDepth = DecodingLimits.current.maximumDepth

    /// The encoder keeps each key once for a writer that does not replace keys (taking the
    /// container back, which sends this one to the tree path).
    var replacesDuplicateKeys: Bool { false }

    /// The archive, or `nil` when the model must be written through the tree.
    func finish() -> Data? {
        guard !needsTree, frames.isEmpty, let root else { return nil }
        return table.data(root: root)
    }

    // MARK: Values

    func writeNull() { put(KeyedArchiveObjectTable.null) }
    func writeBool(_ value: Bool) { if !needsTree { put(table.bool(value)) } }
    func writeInteger(_ value: Int64) { if !needsTree { put(table.integer(value)) } }
    func writeUnsigned(_ value: UInt64) { if !needsTree { put(table.unsigned(value)) } }
    func writeDouble(_ value: Double) { if !needsTree { put(table.real(value)) } }
    func writeString(_ value: String) { if !needsTree { put(table.string(value)) } }
    func writeData(_ value: Data) { if !needsTree { put(table.data(value)) } }
    func writeDate(_ value: Date) { if !needsTree { put(table.date(value)) } }

    func writeTree(_ value: ModelValue) {
        guard !needsTree else { return }
        guard let uid = KeyedArchiveWriter.add(value, depth: frames.count, to: &table) else { return stop() }
        put(uid)
    }

    /// Adds a finished value to the innermost container, or makes it the root.
    @inline(__always)
    private func put(_ uid: Int32) {
        guard !needsTree else { return }
        guard let top = frames.indices.last else {
            if root == nil { root = uid } else { stop() }
            return
        }
        switch frames[top] {
        case .array:
            table.add(uid)
        case .dictionary(let container, let start, true):
            table.add(uid)
            frames[top] = .dictionary(uid: container, start: start, hasKey: false)
        case .object(let object, true):
            table.add(uid)
            frames[top] = .object(object, hasKey: false)
        case .dictionary, .object:
            // A value without a key: the tree writer drops it, so the tree path decides.
            stop()
        }
    }

    // MARK: Containers

    func beginArray(count: Int?) {
        guard beginsContainer() else { return }
        let (uid, start) = table.beginContainer()
        share(uid, isObject: false)
        frames.append(.array(uid: uid, start: start))
    }

    func endArray() {
        guard !needsTree, case .array(let uid, let start)? = frames.popLast() else { return stop() }
        table.endArray(uid, from: start)
        put(uid)
    }

    func beginDictionary(count: Int?) {
        guard beginsContainer() else { return }
        let (uid, start) = table.beginContainer()
        share(uid, isObject: false)
        frames.append(.dictionary(uid: uid, start: start, hasKey: false))
    }

    func beginObject(className: String) {
        guard beginsContainer() else { return }
        let object = table.beginTypedObject(className)
        // Foundation's value classes read back as plain values: the tree path says so.
        guard !object.isFoundationValue else { return stop() }
        share(object.uid, isObject: true)
        frames.append(.object(object, hasKey: false))
    }

    func writeKey(_ key: String) {
        guard !needsTree, let top = frames.indices.last else { return }
        // The tree path reads these keys as an alias or a class name wherever they are.
        if key == TypedTree.aliasKey || key == TypedTree.classKey { return stop() }
        switch frames[top] {
        case .dictionary(let uid, let start, false):
            table.addKey(key)
            frames[top] = .dictionary(uid: uid, start: start, hasKey: true)
        case .object(var object, false):
            table.addField(key, to: &object)
            frames[top] = .object(object, hasKey: true)
        default:
            stop()
        }
    }

    func endDictionary() {
        guard !needsTree, let frame = frames.popLast() else { return stop() }
        switch frame {
        case .dictionary(let uid, let start, false):
            table.endDictionary(uid, from: start)
            put(uid)
        case .object(let object, false):
            table.endTypedObject(object)
            put(object.uid)
        default:
            stop()
        }
    }

    /// Whether a container may begin here: the writer is writing, and the container is within
    /// the depth the tree path accepts.
    private func beginsContainer() -> Bool {
        guard !needsTree else { return false }
        guard frames.count < maximumDepth else {
            stop()
            return false
        }
        return true
    }

    // MARK: Shared instances

    func beginShared(_ object: SharedObject) {
        opening = object
    }

    func endShared(_ object: SharedObject) {}

    /// Records `uid` as the first occurrence of the shared instance being opened, when it is
    /// an object: an alias to a plain array or dictionary is left to the tree path, which
    /// refuses one back into a container that is still open.
    private func share(_ uid: Int32, isObject: Bool) {
        guard let object = opening else { return }
        opening = nil
        if isObject { object.writtenIndex = Int(uid) }
    }

    func writeAlias(to object: SharedObject) {
        guard !needsTree else { return }
        guard let uid = object.writtenIndex else { return stop() }
        put(Int32(uid))
    }

    // MARK: Taking back

    func mark() -> WriterMark { WriterMark(offset: 0, depth: frames.count, count: 0) }

    func rewind(to mark: WriterMark) { stop() }

    func takeBack(since mark: WriterMark) -> EncodingNode.Content {
        stop()
        return .empty
    }

    func writeRecorded(_ recording: any WriterRecording) { stop() }

    /// Stops writing: the model goes through the tree instead.
    private func stop() {
        needsTree = true
    }
}
