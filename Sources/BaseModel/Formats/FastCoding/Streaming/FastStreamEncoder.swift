/// The encoder a plain value (an array, a dictionary, a non-model struct) writes into during a
/// streaming encode: its container is opened in the ``FastWriter`` on first use, filled as the
/// value encodes, and closed by ``finish()`` with its real count, as the tree path would have
/// written the finished array or dictionary.
final class FastStreamEncoder: Encoder {
    private enum State {
        case unused
        case collection(FastWriter.CollectionMark, count: Int)
        case single(written: Int)
    }

    let stream: FastEncodingStream
    /// The case of this value's own keys (a non-model struct's keys follow the enclosing model's).
    let keyCase: KeyCase
    /// The case handed to nested plain values.
    let inheritedKeyCase: KeyCase
    private var state = State.unused

    init(stream: FastEncodingStream, keyCase: KeyCase, inheritedKeyCase: KeyCase) {
        self.stream = stream
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(.dictionary)
        return KeyedEncodingContainer(FastStreamKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(.array)
        return FastStreamUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if case .unused = state { state = .single(written: 0) }
        return FastStreamSingleValueContainer(encoder: self)
    }

    private var openKind: FastWriter.CollectionKind?

    private func open(_ kind: FastWriter.CollectionKind) {
        switch state {
        case .unused:
            do {
                state = .collection(try stream.writer.beginCollection(kind, mutable: false, count: 0), count: 0)
                openKind = kind
            } catch {
                stream.giveUp("a collection could not be opened")
            }
        case .collection where openKind == kind:
            break
        default:
            stream.giveUp("a value asked for a second, different container")
        }
    }

    /// The elements (or value-key pairs) written to the open collection so far.
    var count: Int {
        if case .collection(_, let count) = state { return count }
        return 0
    }

    /// Counts one element (or value-key pair) of the open collection.
    func counted() {
        if case .collection(let mark, let count) = state { state = .collection(mark, count: count + 1) }
    }

    /// Counts one value of a single-value container; a second one cannot be streamed.
    func singleWritten() {
        if case .single(let written) = state {
            if written > 0 { stream.giveUp("two values in one single-value container") }
            state = .single(written: written + 1)
        }
    }

    /// Closes the value: patches the collection's count; a value that asked for no container,
    /// or wrote nothing in its single-value container, is an empty dictionary, as the tree path
    /// writes it.
    func finish() throws {
        switch state {
        case .collection(let mark, let count):
            stream.writer.endCollection(mark, count: count)
        case .unused, .single(written: 0):
            let mark = try stream.writer.beginCollection(.dictionary, mutable: false, count: 0)
            stream.writer.endCollection(mark)
        case .single:
            break
        }
    }

    /// The remote spelling of a key of this value.
    func remoteKey(_ name: String) -> String {
        keyCase == .unchanged ? name : keyCase.remoteKey(for: name)
    }

    /// Writes a nested value.
    func write<T: Encodable>(_ value: T) throws {
        try stream.write(value, inheritedKeyCase: inheritedKeyCase)
    }
}
