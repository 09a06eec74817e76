/// A `Live` type, as the tree decoder sees it: it resolves values through an identity map
/// instead of building them with `init(from:)`.
protocol LiveTreeDecoding {
    static func decodeLive(from value: ModelValue, decoder: TreeDecoder, component: ModelPath.Component?) throws -> Any
}
