import OrderedCollections

/// A value the encoder buffers instead of writing it as it comes: containers hand out nested
/// containers before their contents are known, a remote key path of several steps writes into
/// a dictionary that later properties may add to, and a key written twice keeps its first place.
/// The node keeps those rules (the tree's), and is written to the writer when the value's
/// `encode(to:)` has returned (``write(to:typedAs:)``).
package final class EncodingNode {
    package enum Slot {
        /// A finished value.
        case value(ModelValue)
        /// A value a writer took back in its own form (``ModelWriter/takeBack(since:)``).
        case recorded(any WriterRecording)
        /// A nested container, filled later through its own encoder.
        case node(EncodingNode)

        /// Writes the slot's value.
        func write(to writer: any ModelWriter) {
            switch self {
            case .value(let value): writer.writeTree(value)
            case .recorded(let recording): writer.writeRecorded(recording)
            case .node(let node): node.write(to: writer, typedAs: nil)
            }
        }
    }

    package enum Content {
        case empty
        case value(ModelValue)
        case recorded(any WriterRecording)
        case dictionary(OrderedDictionary<String, Slot>)
        case array([Slot])
    }

    var content: Content

    init(_ content: Content = .empty) {
        self.content = content
    }

    /// Writes the node: an empty node is an empty dictionary, as `JSONEncoder` writes `{}`. With
    /// a class name (a model in a typed tree) a dictionary is an object of that class, without
    /// any `$class` entry of its own.
    func write(to writer: any ModelWriter, typedAs className: String?) {
        switch content {
        case .empty:
            if let className { writer.beginObject(className: className) } else { writer.beginDictionary(count: 0) }
            writer.endDictionary()
        case .value(.dictionary(let entries)) where className != nil:
            writer.beginObject(className: className!)
            for (key, entry) in entries where key != TypedTree.classKey {
                writer.writeKey(key)
                writer.writeTree(entry)
            }
            writer.endDictionary()
        case .value(let value):
            writer.writeTree(value)
        case .recorded(let recording):
            writer.writeRecorded(recording)
        case .dictionary(let slots):
            if let className {
                writer.beginObject(className: className)
            } else {
                writer.beginDictionary(count: slots.count)
            }
            for (key, slot) in slots where className == nil || key != TypedTree.classKey {
                writer.writeKey(key)
                slot.write(to: writer)
            }
            writer.endDictionary()
        case .array(let slots):
            writer.beginArray(count: slots.count)
            for slot in slots { slot.write(to: writer) }
            writer.endArray()
        }
    }

    /// Makes this node a dictionary (keeping entries already written) and returns nothing.
    func becomeDictionary() {
        switch content {
        case .dictionary: return
        case .value(.dictionary(let entries)): content = .dictionary(entries.mapValues(Slot.value))
        default: content = .dictionary([:])
        }
    }

    /// Makes this node an array (keeping elements already written).
    func becomeArray() {
        switch content {
        case .array: return
        case .value(.array(let elements)): content = .array(elements.map(Slot.value))
        default: content = .array([])
        }
    }

    /// Stores `value` under `key` of this dictionary node.
    @inline(__always)
    func set(_ slot: Slot, forKey key: String) {
        guard case .dictionary(var slots) = content else {
            becomeDictionary()
            return set(slot, forKey: key)
        }
        content = .empty
        slots[key] = slot
        content = .dictionary(slots)
    }

    /// Appends `slot` to this array node.
    func append(_ slot: Slot) {
        guard case .array(var slots) = content else {
            becomeArray()
            return append(slot)
        }
        content = .empty
        slots.append(slot)
        content = .array(slots)
    }

    var arrayCount: Int {
        if case .array(let slots) = content { return slots.count }
        return 0
    }

    /// Stores `slot` at a multi-step path below this node, creating dictionaries (and arrays for
    /// numeric steps) on the way and merging with what is already there.
    func set(_ slot: Slot, at path: [RemoteKeyPath.Component]) {
        guard let first = path.first else { return }
        if path.count == 1 { return setStep(slot, first) }
        let child = childNode(first, preferArray: path[1].index != nil)
        child.set(slot, at: Array(path.dropFirst()))
    }

    private func setStep(_ slot: Slot, _ step: RemoteKeyPath.Component) {
        if let index = step.index, isArrayLike {
            becomeArray()
            guard case .array(var slots) = content else { return }
            content = .empty
            while slots.count <= index { slots.append(.value(.null)) }
            slots[index] = slot
            content = .array(slots)
        } else {
            set(slot, forKey: step.key)
        }
    }

    private var isArrayLike: Bool {
        switch content {
        case .array, .value(.array): true
        default: false
        }
    }

    private func childNode(_ step: RemoteKeyPath.Component, preferArray: Bool) -> EncodingNode {
        let existing: Slot?
        if let index = step.index, isArrayLike {
            becomeArray()
            guard case .array(let slots) = content else { return EncodingNode() }
            existing = index < slots.count ? slots[index] : nil
        } else {
            becomeDictionary()
            guard case .dictionary(let slots) = content else { return EncodingNode() }
            existing = slots[step.key]
        }
        let child: EncodingNode
        switch existing {
        case .node(let node): child = node
        case .value(let value):
            child = EncodingNode(.value(value))
        case .recorded(let recording):
            child = EncodingNode(.recorded(recording))
        case nil:
            child = EncodingNode(preferArray ? .array([]) : .empty)
        }
        setStep(.node(child), step)
        return child
    }
}
