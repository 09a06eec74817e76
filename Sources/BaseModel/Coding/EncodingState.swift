import Foundation

/// State shared by every encoder of one top-level encode.
final class EncodingState {
    /// Set when writing a typed tree.
    var graph: GraphWriting?
    /// In plain mode, the map of the first `Live` value met: a copy resolves its `Live`
    /// properties there, so it shares the original's live instances.
    var liveMap: IdentityMap?
    private var kinds: [ObjectIdentifier: DecodedKind] = [:]
    /// The class instances being encoded, from the root down to the current value, with the
    /// path each was met at: one met again below itself is a cycle.
    var openObjects: [ObjectIdentifier: ModelPath] = [:]

    /// How values of `type` are handled, worked out once per encode.
    func kind<T>(of type: T.Type) -> DecodedKind {
        let id = ObjectIdentifier(type)
        if let known = kinds[id] { return known }
        let kind = DecodedKind(type)
        kinds[id] = kind
        return kind
    }
}
