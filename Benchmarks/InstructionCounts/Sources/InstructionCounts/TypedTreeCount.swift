import BaseModel
import Foundation

/// A format that stores types and writes only the number of entries of the root: a model goes
/// through its tree, as through any codec that is not built in, so `typed-tree-encode` measures the one encoder building
/// a typed tree (`$class`, `$alias`) and nothing else.
struct TypedTreeCount: FormatCodec {
    var format: ModelFormat { ModelFormat(rawValue: "typed-tree-count") }
    var fileExtension: String { "count" }
    var storesTypes: Bool { true }
    func confidence(for data: Data) -> Int? { nil }
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        throw ModelError(.unsupported("typed-tree-count is written, never read"), format: format)
    }
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        guard case .dictionary(let entries) = tree else { return Data() }
        return Data(count: entries.count)
    }
}
