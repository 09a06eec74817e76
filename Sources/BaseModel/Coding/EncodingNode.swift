import OrderedCollections

/// A value under construction while encoding: containers hand out nested containers before their
/// contents are known, so the tree is built in reference boxes and frozen at the end.
final class EncodingNode {
    enum Slot {
        case value(ModelValue)
        case node(EncodingNode)

        var finished: ModelValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.finished
            }
        }
    }

    enum Content {
        case empty
        case value(ModelValue)
        case dictionary(OrderedDictionary<String, Slot>)
        case array([Slot])
    }

    var content: Content = .empty

    /// The finished tree; an empty node is an empty dictionary, as `JSONEncoder` writes `{}`.
    var finished: ModelValue {
        switch content {
        case .empty: .dictionary([:])
        case .value(let value): value
        case .dictionary(let slots): .dictionary(slots.mapValues(\.finished))
        case .array(let slots): .array(slots.map(\.finished))
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
            child = EncodingNode()
            child.content = .value(value)
        case nil:
            child = EncodingNode()
            if preferArray { child.content = .array([]) }
        }
        setStep(.node(child), step)
        return child
    }
}
