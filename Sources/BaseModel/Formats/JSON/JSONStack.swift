/// A growable stack of values that hands its top elements out by moving them, so building a
/// container costs no reference-count traffic. It frees what is left when it goes away.
struct JSONStack<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Removes the elements from `start` to the top and returns them as an array.
    ///
    /// `reserveCapacity` and `append` are specialized for the element type, while
    /// `init(unsafeUninitializedCapacity:initializingWith:)` looks up the storage class's generic
    /// metadata at run time on every call, which costs more than the appends.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for position in start..<count {
            result.append((base + position).move())
        }
        count = start
        return result
    }

    /// Removes the elements from `start` to the top and returns them as a contiguous array.
    @inline(__always)
    mutating func popContiguousArray(from start: Int) -> ContiguousArray<Element> {
        var result: ContiguousArray<Element> = []
        result.reserveCapacity(count - start)
        for position in start..<count {
            result.append((base + position).move())
        }
        count = start
        return result
    }

    /// The element at `position`, which must be below the top.
    @inline(__always)
    subscript(position: Int) -> Element {
        base[position]
    }
}

extension JSONStack {
    /// Gives up the elements from `start` to the top, which the caller has moved out.
    @inline(__always)
    mutating func forget(from start: Int) {
        count = start
    }
}
