import BaseModel
import Foundation

/// The oracle beyond "no crash": what the library writes, it reads back. A graph or model that
/// decoded is encoded again (which may fail only with a `ModelError`); when the encoder accepts
/// it, the codec must decode its bytes, or the fuzzer reports a crash naming both errors.
enum RoundTrip {
    /// Encodes `graph` with `codec` and decodes the bytes again.
    static func graph(_ graph: [ModelNode], through codec: any FormatCodec) {
        // A writer refuses what its format cannot hold (a plain dictionary's `$class` in a
        // format that reads it as a class, a NaN in JSON) with a `ModelError`: nothing to read.
        guard let bytes = try? codec.encodeGraph(graph) else { return }
        do {
            _ = try codec.decodeGraph(from: bytes)
        } catch {
            unreadable(error, codec: codec, what: "a graph", bytes: bytes)
        }
    }

    /// Encodes `model` with `codec` and decodes the bytes as the same type.
    static func model<T: Model>(_ model: T, through codec: any FormatCodec) {
        guard let bytes = try? model.data(format: codec.format, context: FuzzEnvironment.codingContext(for: codec)) else { return }
        do {
            _ = try T(data: bytes, context: FuzzEnvironment.codingContext(for: codec))
        } catch {
            unreadable(error, codec: codec, what: "a \(T.self)", bytes: bytes)
        }
    }

    /// A limit is not a bug: the written form may nest deeper than the read one (a date in HR
    /// becomes a dictionary) and stop at the depth limit.
    private static func unreadable(_ error: ModelError, codec: any FormatCodec, what: String, bytes: Data) {
        if case .unsupported(let why) = error.reason, why.contains("DecodingLimits") { return }
        fatalError("\(codec.format) wrote \(what) it cannot read back (\(bytes.count) bytes): \(error)")
    }
}
