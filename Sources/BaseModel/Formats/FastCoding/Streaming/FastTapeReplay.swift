import Foundation
import OrderedCollections

/// Writes the events a ``FastModelWriter`` recorded as FastCoding bytes, with FastCoding's rules
/// for what `NSJSONSerialization` returned (so a model's bytes are those of its typed tree):
///
/// - an object's class definition comes from its keys (reused, or widened with the new keys
///   after the old ones), then its values in the definition's order, nil for keys it lacks;
/// - arrays and dictionaries are the immutable forms, each dictionary value followed by its key;
///   a dictionary with a `$class` key is an object of that class, one holding only `$alias` an
///   alias, as in a typed tree;
/// - a shared instance's first occurrence is written where it is met first in the file; an
///   alias to it is an object alias (objects are cached before their values, so a cycle through
///   objects works; one back into an array or dictionary still being written is an error), or,
///   for a first occurrence that is not cached (a string, a number), the value again;
/// - trees (``FastTapeEvent/tree(_:)``) are written by the same rules; their `$alias`
///   dictionaries name a value by its key path: a shared instance, or a value written before;
/// - a value with a form of its own (a graph written back, ``FastModelWriter/setStyle(_:_:)``)
///   is written in it, shared containers as FastCoding caches them (mutable ones before their
///   children, so a cycle through one works), see `FastTapeReplay+Forms.swift`.
///
/// Errors carry the value's path in the document and format `fast`: each container adds its
/// step to an error that passes through it.
///
/// Trees are written in `FastTapeReplay+Trees.swift`, forms in `FastTapeReplay+Forms.swift`;
/// the members they use are internal, the others private.
struct FastTapeReplay: ~Copyable {
    /// What a recording holds besides plain values, so that the common case skips the look-out.
    struct Hints {
        var trees = false
        var reservedKeys = false
        var aliases = false
        var styles = false
    }

    /// The tape, which keeps ``events``'s buffer.
    let tape: FastTape
    let events: UnsafeBufferPointer<FastTapeEvent>
    private let hints: Hints
    var writer: FastWriter
    var depth = 0
    private let maximumDepth = DecodingLimits.current.maximumDepth
    /// Whether values' key paths are needed: some alias names a value by its path.
    var tracksPaths = false
    /// Whether values go through ``valueSlowly(_:at:next:shared:)``: paths are tracked, or some
    /// value has a form of its own.
    private var slow = false
    /// The place of the value being written, kept while ``tracksPaths``: per open container, the
    /// index of the current key event, or `-1 - n` for element `n` of an array.
    var trail: [Int] = []
    /// Where the trail starts: a forward alias writes its target at the target's path.
    var base: [ModelPath.Component] = []
    /// The whole document as a tree, made when a tree's alias names a value not written yet.
    var documentTree: ModelValue?
    /// The key paths of the values a forward alias is writing (an alias among them leads nowhere).
    var resolving: Set<String> = []
    /// The `beginShared` event of each shared instance, found when first needed.
    private var sharedStarts: [ObjectIdentifier: Int]?
    /// Shared instances by the key path of their first occurrence, found when first needed.
    private var sharedByKeyPath: [String: SharedObject]?
    /// The key paths aliases name by path (see ``prepare()``); values written there are
    /// remembered, as ``FastTreeWriter`` remembers the targets of its aliases.
    var targets: Set<String> = []
    /// Values written at those key paths: their cache indices.
    var written: [String: Int] = [:]
    /// Arrays and dictionaries being written at those key paths.
    var openTargets: Set<String> = []
    /// Dictionaries with `$class` or `$alias` keys, as trees, by their begin event.
    private var reserved: [Int: ModelValue] = [:]
    /// The current class definition of each recorded class name (by its index in the tape) and
    /// the indices of its keys in the tape's keys (`-1` for one the tape lacks): an object with
    /// those keys, or some of them in order, is begun without hashing the name or comparing keys.
    var definitions: [(index: Int, keyIndices: [Int])?]
    /// Per key of the definitions of the objects being written, its key event or `-1` (a stack
    /// of ``slotCount`` entries: see ``fillSlots(_:from:to:)``). Entries above the top are kept
    /// and written over, so that popping costs nothing.
    private var slots: [Int] = []
    private var slotCount = 0

    /// Replays `tape`, in a buffer that starts with room for `capacity` bytes.
    init(tape: FastTape, hints: Hints, capacity: Int) {
        writer = FastWriter(capacity: capacity)
        self.tape = tape
        self.events = tape.events.buffer
        self.hints = hints
        definitions = Array(repeating: nil, count: tape.classNames.count)
        writer.reserveStrings(tape.texts.count)
    }

    /// The bytes of the recorded value.
    mutating func run() throws(ModelError) -> Data {
        if hints.trees || hints.reservedKeys || hints.aliases {
            prepare()
            tracksPaths = !targets.isEmpty
        }
        slow = tracksPaths || hints.styles
        var position = 0
        while position < events.count { position = try value(at: position, shared: nil) }
        return writer.finish()
    }

    /// Finds what aliases name by path: the targets of `$alias` dictionaries (in trees and in
    /// dictionaries with reserved keys, which become trees), and shared instances first met
    /// where no event marks them (inside a tree: a transformer's input, a buffered value).
    private mutating func prepare() {
        var recorded: Set<ObjectIdentifier> = []
        for event in events {
            if case .beginShared(let index, _) = event { recorded.insert(ObjectIdentifier(tape.shared[Int(index)])) }
        }
        var position = 0
        while position < events.count {
            switch events[position] {
            case .tree(let index):
                Self.collectTargets(tape.trees[index], into: &targets, depth: 0)
            case .alias(let index) where !recorded.contains(ObjectIdentifier(tape.shared[index])):
                targets.insert(tape.shared[index].keyPath)
            case .beginReservedDictionary(let length):
                var inside: [SharedObject] = []
                let tree = tree(ofEventsFrom: position, sharedInside: &inside)
                reserved[position] = tree
                Self.collectTargets(tree, into: &targets, depth: 0)
                // Its shared instances are written from the tree, found again by their path.
                for object in inside { targets.insert(object.keyPath) }
                position += length + 1
                continue
            default:
                break
            }
            position += 1
        }
    }

    // MARK: Values

    /// Writes the value that starts at event `index`; returns the index after it. `shared` is
    /// the instance whose first occurrence this value is: it learns its cache index.
    mutating func value(at index: Int, shared: SharedObject?) throws(ModelError) -> Int {
        let event = events[index]
        let next = index + event.extent
        // The common case first: a value nobody names by its path, in no form of its own.
        guard slow else {
            if try !writeScalar(event) { try structured(event, at: index, next: next, key: nil, shared: shared) }
            return next
        }
        try valueSlowly(event, at: index, next: next, shared: shared)
        return next
    }

    /// ``value(at:shared:)`` for a value that may have a form of its own or be named by its path.
    private mutating func valueSlowly(_ event: FastTapeEvent, at index: Int, next: Int, shared: SharedObject?) throws(ModelError) {
        if hints.styles, let style = tape.styles[index] {
            if event.isContainer { try checkDepth() }
            let key = tracksPaths ? TypedTree.keyPath(for: path()) : nil
            if let key, let cached = written[key] {
                return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(cached) }
            }
            return try styled(event, style, at: index, next: next, key: key, shared: shared)
        }
        guard tracksPaths else {
            if try !writeScalar(event) { try structured(event, at: index, next: next, key: nil, shared: shared) }
            return
        }
        if case .beginShared = event {
            return try structured(event, at: index, next: next, key: nil, shared: shared)
        }
        if case .tree = event {
            return try structured(event, at: index, next: next, key: nil, shared: shared)
        }
        let key = TypedTree.keyPath(for: path())
        if event.isContainer { try checkDepth() }
        if let cached = written[key] {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(cached) }
        }
        try structured(event, at: index, next: next, key: key, shared: shared)
    }

    /// Writes a value that is not cached and holds no other (not a date or data); `false` for
    /// the others.
    @inline(__always)
    private mutating func writeScalar(_ event: FastTapeEvent) throws(ModelError) -> Bool {
        switch event {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsigned(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try writeString(tape.texts[text])
        case .absent: writer.writeNil()
        default: return false
        }
        return true
    }

    mutating func writeString(_ text: String) throws(ModelError) {
        try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeString(text) }
    }

    /// Writes any value; `key` is its key path when ``tracksPaths``.
    mutating func structured(_ event: FastTapeEvent, at index: Int, next: Int, key: String?, shared: SharedObject?) throws(ModelError) {
        if try writeScalar(event) { return }
        var cached: Int?
        switch event {
        case .null, .bool, .integer, .unsigned, .double, .string, .absent: break
        case .date(let seconds): cached = writer.writeDate(sinceReferenceDate: seconds)
        case .data(let blob):
            let bytes = tape.blobs[blob]
            cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes) }
        case .tree(let tree):
            return try self.tree(tape.trees[tree], suffix: [], shared: shared)
        case .beginArray: cached = try collection(.array, mutable: false, from: index, to: next - 1, key: key, shared: shared)
        case .beginDictionary: cached = try collection(.dictionary, mutable: false, from: index, to: next - 1, key: key, shared: shared)
        case .beginReservedDictionary:
            return try self.tree(reserved[index] ?? .null, suffix: [], shared: shared)
        case .beginObject(let className, _):
            cached = try object(Int(className), from: index, to: next - 1, key: key, shared: shared)
        case .beginShared(let object, _):
            return try sharedValue(tape.shared[Int(object)], at: index)
        case .alias(let object):
            return try alias(to: tape.shared[object])
        case .key, .end:
            throw ModelError(.invalidValue("a recorded value is malformed"), format: FastReader.format)
        }
        if let cached {
            shared?.writtenIndex = cached
            remember(key, cached)
        }
    }

    /// Writes an array, set, ordered set or dictionary (each value then its key); returns its
    /// cache index. A mutable one is cached before its children, so `shared` learns its index
    /// then, and its children may alias it.
    mutating func collection(
        _ kind: FastWriter.CollectionKind, mutable: Bool, from start: Int, to end: Int, key: String?, shared: SharedObject?
    ) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        if let key, targets.contains(key) { openTargets.insert(key) }
        let mark = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginCollection(kind, mutable: mutable, count: 0)
        }
        if let index = mark.objectIndex { shared?.writtenIndex = index }
        if tracksPaths { trail.append(-1) }
        var position = start + 1
        var count = 0
        while position < end {
            var entryKey: String?
            if case .key(let key) = events[position] {
                if tracksPaths { trail[trail.count - 1] = position }
                entryKey = tape.keys[key]
                position += 1
            } else if tracksPaths {
                trail[trail.count - 1] = -1 - count
            }
            do {
                position = try value(at: position, shared: nil)
                if let entryKey { try writeString(entryKey) }
            } catch {
                throw Self.prefixing(error, entryKey.map(ModelPath.Component.key) ?? .index(count))
            }
            count += 1
        }
        if tracksPaths { trail.removeLast() }
        if let key { openTargets.remove(key) }
        return writer.endCollection(mark, count: count)
    }

    /// Writes an object of the tape's class `classReference`; returns its cache index (it is
    /// cached before its values).
    mutating func object(
        _ classReference: Int, from start: Int, to end: Int, key: String?, shared: SharedObject?
    ) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        if let definition = definitions[classReference], let base = fillSlots(definition.keyIndices, from: start, to: end) {
            // The common case: the class's definition fits, key for key or with some optional
            // keys missing (FastCoding's widening rule reuses it then, nil for those).
            let objectIndex = writer.beginObject(ofDefinition: definition.index)
            shared?.writtenIndex = objectIndex
            remember(key, objectIndex)
            if tracksPaths { trail.append(start) }
            for offset in 0..<definition.keyIndices.count {
                let position = slots[base + offset]
                if position < 0 { writer.writeNil() } else { try objectValue(at: position) }
            }
            slotCount = base
            if tracksPaths { trail.removeLast() }
            return objectIndex
        }
        let className = tape.classNames[classReference]
        var keys: [String] = []
        var positions: [Int] = []
        var position = start + 1
        while position < end, case .key(let key) = events[position] {
            keys.append(tape.keys[key])
            positions.append(position)
            position += 1 + events[position + 1].extent
        }
        guard !className.isEmpty else {
            let name = ModelValue.string(className)
            throw ModelError(
                .typeMismatch(expected: "a class name", found: name.kindName), path: [.key(TypedTree.classKey)],
                excerpt: name.excerpt, format: FastReader.format)
        }
        let begun = try located { (writer: inout FastWriter) throws(ModelError) in
            try writer.beginObject(className: className, keys: keys, reuse: .widening)
        }
        definitions[classReference] = (begun.classIndex, begun.keys.map { tape.keyIndices[.string($0)] ?? -1 })
        // Cached now, so its values may alias it.
        shared?.writtenIndex = begun.objectIndex
        remember(key, begun.objectIndex)
        if tracksPaths { trail.append(start) }
        if begun.keys == keys {
            for position in positions { try objectValue(at: position) }
        } else {
            let lookup = keys.count > 16 ? Dictionary(zip(keys, positions), uniquingKeysWith: { first, _ in first }) : nil
            for property in begun.keys {
                if let position = lookup?[property] ?? keys.firstIndex(of: property).map({ positions[$0] }) {
                    try objectValue(at: position)
                } else {
                    writer.writeNil()
                }
            }
        }
        if tracksPaths { trail.removeLast() }
        return begun.objectIndex
    }

    /// Whether the keys of the object between `start` and `end` are some of `keys` (indices in
    /// the tape's keys), in their order. If so, returns where ``slots`` holds the key event of
    /// each of `keys` in the object (`-1` where the object lacks it); the caller removes them
    /// when done.
    private mutating func fillSlots(_ keys: [Int], from start: Int, to end: Int) -> Int? {
        let base = slotCount
        if slots.count < base + keys.count { slots.append(contentsOf: repeatElement(-1, count: base + keys.count - slots.count)) }
        var position = start + 1
        // Through a buffer: the array accesses checked the slots' uniqueness on every key.
        do {
            slots.withUnsafeMutableBufferPointer { slots in
                var slot = base
                for expected in keys {
                    if position < end, case .key(let key) = events[position], key == expected {
                        slots[slot] = position
                        position += 1 + events[position + 1].extent
                    } else {
                        slots[slot] = -1
                    }
                    slot += 1
                }
            }
        }
        slotCount = base + keys.count
        guard position == end else {
            slotCount = base
            return nil
        }
        return base
    }

    /// Writes the value of an object's property whose key event is at `position`.
    mutating func objectValue(at position: Int) throws(ModelError) {
        if tracksPaths { trail[trail.count - 1] = position }
        do {
            _ = try value(at: position + 1, shared: nil)
        } catch {
            guard case .key(let key) = events[position] else { throw error }
            throw Self.prefixing(error, .key(tape.keys[key]))
        }
    }

    /// Goes one container deeper, within the depth limit.
    @inline(__always)
    mutating func enter() throws(ModelError) {
        try checkDepth()
        depth += 1
    }

    @inline(__always)
    func checkDepth() throws(ModelError) {
        guard depth < maximumDepth else { throw failure(DecodingLimits.depthExceeded(maximumDepth)) }
    }

    /// Notes the cache index of the value written at `key`, when an alias names that path.
    @inline(__always)
    mutating func remember(_ key: String?, _ index: Int) {
        // Without paths tracked (the common case), there is no key.
        if let key { remember(target: key, index) }
    }

    mutating func remember(target key: String, _ index: Int) {
        guard targets.contains(key) else { return }
        written[key] = index
        // A shared instance first met inside a tree is the value written at its key path.
        if let object = shared(at: key), !object.isWritten, !object.isOpen {
            object.writtenIndex = index
            object.isWritten = true
        }
    }

    // MARK: Shared instances

    /// The first occurrence of a shared instance, or an alias when a forward alias wrote it
    /// already.
    private mutating func sharedValue(_ object: SharedObject, at index: Int) throws(ModelError) {
        if object.isWritten {
            return try alias(to: object)
        }
        object.isOpen = true
        _ = try value(at: index + 1, shared: object)
        object.isOpen = false
        object.isWritten = true
        if tracksPaths, let cached = object.writtenIndex { remember(object.keyPath, cached) }
    }

    /// A later occurrence of a shared instance.
    mutating func alias(to object: SharedObject) throws(ModelError) {
        // An alias is a dictionary in the tree: it counts against the depth limit.
        try checkDepth()
        if let index = object.writtenIndex, object.isWritten || object.isOpen {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        if object.isOpen || openTargets.contains(object.keyPath) {
            throw failure(.unsupported(
                "the alias \"\(object.keyPath)\" points back into an immutable array or dictionary that is still being written; only objects and mutable containers can be part of a cycle"))
        }
        if let index = written[object.keyPath] {
            return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeObjectAlias(index) }
        }
        guard let start = sharedStart(of: object) else {
            throw failure(.invalidValue("the alias \"\(object.keyPath)\" does not lead to a value"))
        }
        if object.isWritten {
            // A first occurrence that is not cached (a string, a number) is written again.
            _ = try value(at: start + 1, shared: nil)
            return
        }
        // A forward alias: the first occurrence, written here under its own path.
        let saved = (trail, base)
        (trail, base) = ([], object.position.components)
        defer { (trail, base) = saved }
        try sharedValue(object, at: start)
    }

    /// Where the first occurrence of `object` was recorded, outside the dictionaries written as
    /// trees.
    private mutating func sharedStart(of object: SharedObject) -> Int? {
        if sharedStarts == nil {
            var starts: [ObjectIdentifier: Int] = [:]
            var position = 0
            while position < events.count {
                switch events[position] {
                case .beginShared(let index, _):
                    starts[ObjectIdentifier(tape.shared[Int(index)])] = position
                case .beginReservedDictionary(let length):
                    position += length
                default:
                    break
                }
                position += 1
            }
            sharedStarts = starts
        }
        return sharedStarts?[ObjectIdentifier(object)]
    }

    /// The shared instance first met at `keyPath`.
    mutating func shared(at keyPath: String) -> SharedObject? {
        if sharedByKeyPath == nil {
            var byKeyPath: [String: SharedObject] = [:]
            for object in tape.shared where byKeyPath[object.keyPath] == nil { byKeyPath[object.keyPath] = object }
            sharedByKeyPath = byKeyPath
        }
        return sharedByKeyPath?[keyPath]
    }

    // MARK: Paths

    /// The key path of the value being written (plus `suffix` inside a tree), from the trail.
    func path(_ suffix: [ModelPath.Component] = []) -> ModelPath {
        var components = base
        for step in trail {
            if step < 0 {
                components.append(.index(-1 - step))
            } else if case .key(let key) = events[step] {
                components.append(.key(tape.keys[key]))
            }
        }
        return ModelPath(components + suffix)
    }

    /// An error at the value being written; containers add their steps as it passes.
    func failure(_ reason: ModelError.Reason) -> ModelError {
        ModelError(reason, format: FastReader.format)
    }

    /// `error` one step further from the root.
    static func prefixing(_ error: ModelError, _ component: ModelPath.Component) -> ModelError {
        var error = error
        error.path = ModelPath([component] + error.path.components)
        return error
    }

    /// Runs a writer call; its error is at the value being written.
    @inline(__always)
    mutating func located<T>(_ body: (inout FastWriter) throws(ModelError) -> T) throws(ModelError) -> T {
        do {
            return try body(&writer)
        } catch {
            var located = error
            located.path = []
            throw located
        }
    }
}
