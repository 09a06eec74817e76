import BaseModel
import Foundation

/// Another codec's bytes ↔ tree, as a custom codec is: a model goes through the tree (the one encoder's typed tree, then `encodeTree`; `decodeTree`, then the one
/// decoder), the route the streaming codecs are compared with.
struct TreePath: FormatCodec {
    let inner: any FormatCodec
    var format: ModelFormat { inner.format }
    var fileExtension: String { inner.fileExtension }
    var storesTypes: Bool { inner.storesTypes }
    func confidence(for data: Data) -> Int? { inner.confidence(for: data) }
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue { try inner.decodeTree(from: data) }
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data { try inner.encodeTree(tree) }
}
