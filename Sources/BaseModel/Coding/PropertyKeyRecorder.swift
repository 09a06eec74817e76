/// An encoder that only notes the keys a value's `encode(to:)` writes at its top level, nil
/// optionals included. It never encodes the values themselves, so it is cheap and never recurses.
struct PropertyKeyRecorder {
    /// The keys `value` writes, in order, each once.
    static func keys(of value: some Encodable) -> [String] {
        let recorder = Recorder()
        try? value.encode(to: recorder)
        return recorder.keys
    }

    private final class Recorder: Encoder {
        var keys: [String] = []
        private var seen: Set<String> = []
        let codingPath: [any CodingKey] = []
        let userInfo: [CodingUserInfoKey: Any] = [:]

        func note(_ key: some CodingKey) {
            if seen.insert(key.stringValue).inserted { keys.append(key.stringValue) }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedRecorder<Key>(recorder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignoring() }
        func singleValueContainer() -> any SingleValueEncodingContainer { Ignoring() }
    }

    private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { recorder.note(key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { recorder.note(key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { recorder.note(key) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            recorder.note(key)
            return KeyedEncodingContainer(KeyedIgnoring<NestedKey>())
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            recorder.note(key)
            return Ignoring()
        }

        mutating func superEncoder() -> any Encoder { recorder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }
    }

    /// Swallows whatever is written to it.
    private struct KeyedIgnoring<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> { KeyedEncodingContainer(KeyedIgnoring<NestedKey>()) }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Ignoring() }
        mutating func superEncoder() -> any Encoder { IgnoringEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { IgnoringEncoder() }
    }

    private struct Ignoring: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedIgnoring<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignoring() }
        mutating func superEncoder() -> any Encoder { IgnoringEncoder() }
    }

    private struct IgnoringEncoder: Encoder {
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(KeyedIgnoring<Key>())
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignoring() }
        func singleValueContainer() -> any SingleValueEncodingContainer { Ignoring() }
    }
}
