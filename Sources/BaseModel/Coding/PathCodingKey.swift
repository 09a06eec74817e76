import Foundation

/// A coding key for paths handed to `Codable` code.
struct PathCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ component: ModelPath.Component) {
        switch component {
        case .key(let key): stringValue = key; intValue = nil
        case .index(let index): stringValue = String(index); intValue = index
        }
    }

    /// A copy of `key`, both its spellings kept.
    init(copying key: any CodingKey) { stringValue = key.stringValue; intValue = key.intValue }

    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension CodingKey {
    var pathComponent: ModelPath.Component {
        intValue.map(ModelPath.Component.index) ?? .key(stringValue)
    }
}
