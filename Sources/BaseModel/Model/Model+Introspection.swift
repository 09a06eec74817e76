import Foundation

extension Model {
    /// Every property the model encodes, in declaration order (BaseModel's `allPropertyKeys`):
    /// the keys its `encode(to:)` writes, uncodable ones included. Cached per type.
    public static var allPropertyKeys: [String] { ModelSchema.of(Self.self).propertyKeys }

    /// The properties that are read and written: ``allPropertyKeys`` less ``uncodableKeys``.
    public static var codablePropertyKeys: [String] {
        let schema = ModelSchema.of(Self.self)
        return schema.propertyKeys.filter { !schema.uncodableKeys.contains($0) }
    }
}
