import BaseModel
import Foundation

/// Another codec's bytes ↔ public graph, as a codec of one's own is: a model goes through the
/// tree and the `ModelNode` graph (the one encoder's typed tree, its graph, then `encodeGraph`;
/// `decodeGraph`, its index, then the one decoder), the route the streaming codecs are compared with.
struct TreePath: FormatCodec {
    let inner: any FormatCodec
    var format: ModelFormat { inner.format }
    var fileExtension: String { inner.fileExtension }
    var storesTypes: Bool { inner.storesTypes }
    func confidence(for data: Data) -> Int? { inner.confidence(for: data) }
    func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode] { try inner.decodeGraph(from: data) }
    func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data { try inner.encodeGraph(graph) }
}
