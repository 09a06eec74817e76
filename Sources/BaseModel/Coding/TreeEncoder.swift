import Foundation

/// Encodes `Encodable` values, models above all, into a ``ModelValue`` tree.
///
/// For a ``Model`` type it writes each property at its remote path (creating nested
/// dictionaries for dotted paths), in the type's key case, through its transformer, and leaves out
/// uncodable properties and `nil` optionals. `Date`, `Data`, `URL` and `Decimal` become their
/// natural tree forms.
///
/// ```swift
/// let tree = try ModelEncoder().encode(game)   // ["game_id": "93", "venue": ["address": …]]
/// ```
public struct ModelEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `value` into a tree.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails, with the
    ///   path of the value.
    public func encode<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try TreeEncoder.encode(value, plain: false)
    }
}

/// The encoder handed to `encode(to:)`: one per nested value.
final class TreeEncoder: Encoder {
    let node: EncodingNode
    let parent: TreeEncoder?
    let component: ModelPath.Component?
    let schema: ModelSchema?
    let keyCase: KeyCase
    let inheritedKeyCase: KeyCase
    /// Plain mode: local keys, every property, `nil` written as null, no transformers.
    let plain: Bool
    private var keyCache: [String: String] = [:]

    init(
        node: EncodingNode, parent: TreeEncoder?, component: ModelPath.Component?, schema: ModelSchema?,
        keyCase: KeyCase, inheritedKeyCase: KeyCase, plain: Bool
    ) {
        self.node = node
        self.parent = parent
        self.component = component
        self.schema = schema
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.plain = plain
    }

    static func encode<T: Encodable>(_ value: T, plain: Bool) throws(ModelError) -> ModelValue {
        let root = TreeEncoder(
            node: EncodingNode(), parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, plain: plain)
        do {
            return try root.box(value, component: nil)
        } catch {
            throw ModelError.from(error, format: "tree")
        }
    }

    /// Encodes every property under its own name, `nil` as null, with no mapping: the form used
    /// for defaults and copies.
    static func encodePlain<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try encode(value, plain: true)
    }

    var path: ModelPath {
        var components: [ModelPath.Component] = []
        var current: TreeEncoder? = self
        while let encoder = current {
            if let component = encoder.component { components.append(component) }
            current = encoder.parent
        }
        return ModelPath(components.reversed())
    }

    var codingPath: [any CodingKey] { path.components.map(PathCodingKey.init) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeDictionary()
        return KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(encoder: self, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return TreeUnkeyedEncodingContainer(encoder: self, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueEncodingContainer(encoder: self)
    }

    /// The remote spelling of a plain value's key.
    func remoteKey(for name: String) -> String {
        if keyCase == .unchanged { return name }
        if let known = keyCache[name] { return known }
        let remote = keyCase.remoteKey(for: name)
        keyCache[name] = remote
        return remote
    }

    // MARK: Boxing

    /// Encodes a nested value into a tree value.
    func box<T: Encodable>(_ value: T, component: ModelPath.Component?) throws -> ModelValue {
        switch value {
        case let text as String: return .string(text)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let url as URL: return .string(url.absoluteString)
        case let tree as ModelValue: return tree
        case let decimal as Decimal: return .double(NSDecimalNumber(decimal: decimal).doubleValue)
        default: break
        }
        let schema: ModelSchema? = plain ? nil : (T.self as? any Model.Type).map(ModelSchema.of)
        let isDictionary = T.self is any StringKeyedDictionary.Type
        let child = TreeEncoder(
            node: EncodingNode(), parent: self, component: component, schema: schema,
            keyCase: schema?.keyCase ?? (isDictionary ? .unchanged : inheritedKeyCase),
            inheritedKeyCase: schema?.keyCase ?? inheritedKeyCase, plain: plain)
        try value.encode(to: child)
        return child.node.finished
    }

    static func boxInteger<I: FixedWidthInteger>(_ value: I) -> ModelValue {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsigned(UInt64(value))
    }

    static func boxFloat(_ value: Float) -> ModelValue {
        // Go through the shortest decimal form so 0.1 as Float is written 0.1, not 0.10000000149…
        .double(value.isFinite ? Double(String(value)) ?? Double(value) : Double(value))
    }
}
