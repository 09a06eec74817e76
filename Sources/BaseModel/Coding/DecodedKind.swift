import Foundation

/// How a type is decoded from a tree.
enum DecodedKind: @unchecked Sendable {  // its closures capture nothing mutable
    case string, date, data, url, decimal, tree
    /// A fixed-width number other than the common ones `decodeChild` checks first; the closure
    /// returns the value boxed (the caller casts it back to the type it asked for).
    case scalar((TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any)
    case model(ModelSchema)
    /// A `Live` reference, resolved through the identity map.
    case live(any LiveTreeDecoding.Type)
    /// A dictionary with string keys; the engine decodes it itself when it is decodable (see
    /// ``EngineDecodedDictionary``).
    case stringKeyedDictionary((any EngineDecodedDictionary.Type)?)
    /// An array the engine decodes itself (see ``EngineDecodedArray``).
    case array(any EngineDecodedArray.Type)
    case plain

    /// The kinds worked out so far, by type: the runtime's protocol conformance checks, which
    /// ``init(_:)`` makes up to six of, cost thousands of instructions each (tens of thousands
    /// for a generic type that conforms to none), far more than a lookup.
    private static let cache = Locked<[ObjectIdentifier: DecodedKind]>([:])

    /// How values of `type` are decoded, worked out once per process.
    static func of<T>(_ type: T.Type) -> DecodedKind {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        let kind = DecodedKind(type)
        cache.withLock { $0[id] = kind }
        return kind
    }

    init<T>(_ type: T.Type) {
        if let unbox = DecodedKind.scalarUnboxer(type) { self = .scalar(unbox) }
        else if type == String.self { self = .string }
        else if type == Date.self { self = .date }
        else if type == Data.self { self = .data }
        else if type == URL.self { self = .url }
        else if type == Decimal.self { self = .decimal }
        else if type == ModelValue.self { self = .tree }
        else if let model = type as? any Model.Type { self = .model(ModelSchema.of(model)) }
        else if let live = type as? any LiveTreeDecoding.Type { self = .live(live) }
        else if type is any StringKeyedDictionary.Type { self = .stringKeyedDictionary(type as? any EngineDecodedDictionary.Type) }
        else if let array = type as? any EngineDecodedArray.Type { self = .array(array) }
        else { self = .plain }
    }

    private static func scalarUnboxer<T>(_ type: T.Type) -> ((TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any)? {
        func integer<I: FixedWidthInteger>(_: I.Type) -> (TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any {
            { try $0.unboxInteger(I.self, $1, at: $2) }
        }
        switch type {
        case is Int8.Type: return integer(Int8.self)
        case is Int16.Type: return integer(Int16.self)
        case is Int32.Type: return integer(Int32.self)
        case is UInt.Type: return integer(UInt.self)
        case is UInt8.Type: return integer(UInt8.self)
        case is UInt16.Type: return integer(UInt16.self)
        case is UInt32.Type: return integer(UInt32.self)
        case is UInt64.Type: return integer(UInt64.self)
        case is Float.Type: return { try $0.unboxFloat($1, at: $2) }
        default: return nil
        }
    }
}
