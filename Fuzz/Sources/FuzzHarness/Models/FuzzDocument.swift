import BaseModel
import Foundation

/// The root model the fuzz targets decode every input into: one property of each shape the one
/// decoder handles (scalars of every width, optionals, dates with and without a transformer,
/// data, nested arrays, dictionaries of models, child structs and classes, a back-referencing
/// class graph, a `Live` property, an untyped `ModelValue`), some of them behind remote key
/// paths.
struct FuzzDocument: Model, Sendable {
    var title = ""
    var count = 0
    var small: Int8 = 0
    var wide: UInt64 = 0
    var ratio = 0.0
    var flag = false
    var note: String?
    var tags: [String] = []
    var matrix: [[Int]] = []
    var grid: [[[FuzzItem]]]?
    var created: Date?
    var stamp = Date(timeIntervalSinceReferenceDate: 0)
    var payload: Data?
    var items: [FuzzItem] = []
    var lookup: [String: FuzzItem] = [:]
    var optionalItems: [FuzzItem?] = []
    var owner: FuzzOwner?
    var folder: FuzzFolder?
    var user: Live<FuzzUser>?
    var settings = FuzzSettings()
    var extra: ModelValue = .null

    static let keyPaths: [String: RemoteKeyPath] = [
        "title": .firstOf("meta.title", "title", "name"),
        "count": .firstOf("meta.counts.0", "count"),
        "created": "meta.created",
        "owner": .firstOf("owner", "user.owner"),
    ]
    static let transformers: [String: ModelTransformer] = ["created": .iso8601]
}
