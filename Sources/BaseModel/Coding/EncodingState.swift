import Foundation

/// State shared by every encoder of one top-level encode.
final class EncodingState {
    /// Set when writing a typed tree.
    var graph: GraphWriting?
    /// In plain mode, the map of the first `Live` value met: a copy resolves its `Live`
    /// properties there, so it shares the original's live instances.
    var liveMap: IdentityMap?
    private var kinds: [ObjectIdentifier: EncodingKind] = [:]
    /// The class instances being encoded, from the root down to the current value, with the
    /// path each was met at: one met again below itself is a cycle.
    var openObjects: [ObjectIdentifier: ModelPath] = [:]
    /// How many containers are being encoded, from the root down to the current value.
    var depth = 0
    /// How many containers may nest: the ``DecodingLimits/maximumDepth`` (what the readers
    /// accept, and what holds on a small thread stack).
    let maximumDepth = DecodingLimits.current.maximumDepth

    /// How values of `type` are handled, worked out once per encode.
    func kind<T>(of type: T.Type) -> DecodedKind {
        encodingKind(of: type).kind
    }

    /// How values of a type are encoded.
    struct EncodingKind {
        let kind: DecodedKind
        /// Written through ``DefinedOrderEncodable`` (a dictionary or set, whose own order is
        /// the hash order).
        let definedOrder: Bool
        /// An array the engine encodes itself.
        let array: (any EngineEncodedArray.Type)?
    }

    /// How values of `type` are handled, worked out once per encode.
    func encodingKind<T>(of type: T.Type) -> EncodingKind {
        let id = ObjectIdentifier(type)
        if let known = kinds[id] { return known }
        let kind = DecodedKind(type)
        let definedOrder: Bool = switch kind {
        case .stringKeyedDictionary, .plain: type is any DefinedOrderEncodable.Type
        default: false
        }
        let encoding = EncodingKind(kind: kind, definedOrder: definedOrder, array: type as? any EngineEncodedArray.Type)
        kinds[id] = encoding
        return encoding
    }
}
