import Foundation

/// The keyed container of ``FastModelCollector``.
struct FastModelContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: FastModelCollector

    var codingPath: [any CodingKey] { [] }

    private func put(_ value: ModelValue, _ key: Key) { collector.store(value, forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(TreeEncoder.boxFloat(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(TreeEncoder.boxInteger(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(TreeEncoder.boxInteger(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { collector.store(value, forKey: key.stringValue) }

    // `encodeIfPresent` keeps its default: `nil` is left out, as the tree path does outside plain mode.

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        collector.stream.giveUp("a nested container")
        return FastStreamEncoder(stream: collector.stream, keyCase: .unchanged, inheritedKeyCase: .unchanged).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        collector.stream.giveUp("a nested container")
        return FastStreamEncoder(stream: collector.stream, keyCase: .unchanged, inheritedKeyCase: .unchanged).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        collector.stream.giveUp("a super encoder")
        return collector
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        collector.stream.giveUp("a super encoder")
        return collector
    }
}
