import BaseModel
import Foundation

/// A format that stores types and writes only the number of nodes of its graph: a model goes
/// through its typed tree and that tree's graph, as through any codec that is not built in, so
/// `typed-tree-encode` measures the one encoder building a typed tree (`$class`, `$alias`) and
/// the graph made of it, and nothing else.
struct TypedTreeCount: FormatCodec {
    var format: ModelFormat { ModelFormat(rawValue: "typed-tree-count") }
    var fileExtension: String { "count" }
    var storesTypes: Bool { true }
    func confidence(for data: Data) -> Int? { nil }
    func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] {
        throw ModelError(.unsupported("typed-tree-count is written, never read"), format: format)
    }
    func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data {
        Data(count: graph.count)
    }
}
