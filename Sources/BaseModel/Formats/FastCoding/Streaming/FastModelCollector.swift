import Foundation
import OrderedCollections

/// The encoder a model's `encode(to:)` writes into during a streaming encode: it collects the
/// properties under their remote keys, in encode order, as the tree path's dictionary would hold
/// them, so that the class definition can be chosen before any value is written.
///
/// Scalars are boxed and transformed now; other values are kept as they are and written when the
/// object's turn comes (so a nested model costs no tree). What the stream cannot say is reported
/// to ``FastEncodingStream/giveUp(_:)``.
final class FastModelCollector: Encoder {
    /// One collected property.
    enum Entry {
        /// A boxed (and transformed) value.
        case value(ModelValue)
        /// A value written later with ``FastEncodingStream/write(_:inheritedKeyCase:)``.
        case encodable(any Encodable)
    }

    let stream: FastEncodingStream
    let schema: ModelSchema
    var entries: OrderedDictionary<String, Entry> = [:]

    init(stream: FastEncodingStream, schema: ModelSchema) {
        self.stream = stream
        self.schema = schema
        entries.reserveCapacity(schema.propertyKeys.count)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FastModelContainer<Key>(collector: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.giveUp("a model encoded as an array")
        return FastStreamEncoder(stream: stream, keyCase: .unchanged, inheritedKeyCase: .unchanged).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        stream.giveUp("a model encoded as a single value")
        return FastStreamEncoder(stream: stream, keyCase: .unchanged, inheritedKeyCase: .unchanged).singleValueContainer()
    }

    /// Stores a scalar property: skipped when uncodable, transformed unless null.
    func store(_ value: ModelValue, forKey name: String) {
        let plan = schema.plan(for: name)
        if plan.isUncodable { return }
        guard let key = plan.singleKey else { return stream.giveUp("the remote key path of \(name)") }
        var value = value
        if let transformer = plan.transformer, !value.isNull {
            do {
                value = try transformer.encode(value)
            } catch {
                return stream.giveUp("a transformer failed")
            }
        }
        entries[key] = .value(value)
    }

    /// Stores any other property; one with a transformer is boxed first when it is a scalar.
    func store<T: Encodable>(_ value: T, forKey name: String) {
        let plan = schema.plan(for: name)
        if plan.isUncodable { return }
        guard let key = plan.singleKey else { return stream.giveUp("the remote key path of \(name)") }
        guard plan.transformer != nil else {
            entries[key] = .encodable(value)
            return
        }
        guard let boxed = Self.boxScalar(value) else { return stream.giveUp("a transformer on a value that is not a scalar") }
        store(boxed, forKey: name)
    }

    /// The tree form of the scalar types `TreeEncoder.box` handles first; `nil` for the rest.
    static func boxScalar<T: Encodable>(_ value: T) -> ModelValue? {
        switch value {
        case let string as String: .string(string)
        case let number as Int: .integer(Int64(number))
        case let number as Int64: .integer(number)
        case let number as Double: .double(number)
        case let flag as Bool: .bool(flag)
        case let date as Date: .date(date)
        case let data as Data: .data(data)
        case let url as URL: .string(url.absoluteString)
        default: nil
        }
    }
}
