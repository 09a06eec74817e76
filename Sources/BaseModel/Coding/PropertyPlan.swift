
/// How one property is read and written. A class, so handing a plan around costs one retain.
final class PropertyPlan: Sendable {
    let path: RemoteKeyPath
    /// The remote key when the path is a single key with no fallbacks: the fast path.
    let singleKey: String?
    let transformer: ModelTransformer?
    let isUncodable: Bool

    init(path: RemoteKeyPath, transformer: ModelTransformer?, isUncodable: Bool) {
        self.path = path
        self.singleKey = path.alternatives.count == 1 && path.primary.count == 1 ? path.primary[0].key : nil
        self.transformer = transformer
        self.isUncodable = isUncodable
    }
}
