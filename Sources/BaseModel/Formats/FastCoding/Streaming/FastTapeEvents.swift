/// The events of a ``FastTape``, in a buffer of their own: appending one is a store and a
/// capacity check, where an array's append also checks that its buffer is not shared (a call
/// per event, a third of what recording an event costs). The buffer belongs to the writer that
/// records into it; a copy of the tape (the replay's) shares it and only reads.
final class FastTapeEvents {
    private var base: UnsafeMutablePointer<FastTapeEvent>
    private var capacity: Int
    /// How many events were recorded.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` events.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        // The events are trivial values: nothing to deinitialize.
        base.deallocate()
    }

    /// The events, for reading while nothing is appended.
    var buffer: UnsafeBufferPointer<FastTapeEvent> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// The event at `index` (below ``count``).
    @inline(__always)
    subscript(index: Int) -> FastTapeEvent {
        get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    /// Appends `event`.
    @inline(__always)
    func append(_ event: FastTapeEvent) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: event)
        count += 1
    }

    /// Appends `events`.
    func append(contentsOf events: [FastTapeEvent]) {
        if count + events.count > capacity { grow(to: count + events.count) }
        events.withUnsafeBufferPointer { (base + count).initialize(from: $0.baseAddress!, count: $0.count) }
        count += events.count
    }

    /// The events in `range`, as an array of their own.
    func copy(_ range: Range<Int>) -> [FastTapeEvent] {
        Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Forgets the events from `start` on.
    func removeAll(from start: Int) {
        count = min(count, start)
    }

    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<FastTapeEvent>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
