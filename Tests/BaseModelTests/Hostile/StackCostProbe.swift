@testable import BaseModel
import Foundation
import Testing

/// Measures what one level of nesting costs on the stack in each decoding and encoding path
/// (run with `BASEMODEL_STACK_PROBE=1`; it prints a table and asserts nothing).
@Suite struct StackCostProbe {
    struct Node: Model {
        var subs: [Node] = []
    }

    static func nestedArrays(_ depth: Int) -> ModelValue {
        // Typed-tree formats want a dictionary at the root.
        var value = ModelValue.integer(1)
        for _ in 1..<depth { value = .array([value]) }
        return .dictionary(["v": value])
    }

    static func nestedNodes(_ depth: Int) -> Node {
        var node = Node()
        for _ in 1..<depth { node = Node(subs: [node]) }
        return node
    }

    static let formats: [ModelFormat] = [
        .json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .fast,
    ]

    /// Writes nested inputs for `basemodel inspect` under `ulimit -s 512` into the folder
    /// `BASEMODEL_STACK_PROBE_DIR` names: `<format>-<depth>.<format>` for 500 and 512 nested containers,
    /// and 512 nested models.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BASEMODEL_STACK_PROBE_DIR"] != nil))
    func writeInputs() throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["BASEMODEL_STACK_PROBE_DIR"]!)
        for format in Self.formats {
            let codec = try FormatRegistry.shared.codec(for: format)
            for depth in [500, 512] {
                try codec.encodeTree(Self.nestedArrays(depth))
                    .write(to: folder.appendingPathComponent("\(format.rawValue)-\(depth).\(format.rawValue)"))
            }
            try Self.nestedNodes(256).data(format: format)
                .write(to: folder.appendingPathComponent("\(format.rawValue)-nodes-256.\(format.rawValue)"))
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["BASEMODEL_STACK_PROBE"] != nil))
    func probe() throws {
        let low = 40, high = 120
        func cost(_ work: (Int) -> () -> Void) -> (perLevel: Int, base: Int) {
            let a = SmallStack.run(size: 64 << 20, work(low)).used
            let b = SmallStack.run(size: 64 << 20, work(high)).used
            let per = (b - a) / (high - low)
            return (per, a - per * low)
        }
        for format in Self.formats {
            let codec = try FormatRegistry.shared.codec(for: format)
            let trees = [low, high].map { Self.nestedArrays($0) }
            let data = try trees.map { try codec.encodeTree($0) }
            let read = cost { depth in { _ = try? codec.decodeTree(from: data[depth == low ? 0 : 1]) } }
            let detect = cost { depth in { _ = try? ModelValue(data: data[depth == low ? 0 : 1]) } }
            let write = cost { depth in { _ = try? codec.encodeTree(trees[depth == low ? 0 : 1]) } }
            let models = try [low, high].map { try Self.nestedNodes($0).data(format: format) }
            // A Node level is two containers (the dictionary and its `subs` array).
            let model = cost { depth in { _ = try? Node(data: models[depth == low ? 0 : 1]) } }
            let modelTrees = [low, high].map { Self.nestedNodes($0) }
            let modelWrite = cost { depth in { _ = try? modelTrees[depth == low ? 0 : 1].data(format: format) } }
            print(
                "\(format.rawValue): read \(read.perLevel) B/level (+\(read.base)), detect+read \(detect.perLevel), "
                    + "write \(write.perLevel), model read \(model.perLevel) B/model (+\(model.base)), model write \(modelWrite.perLevel) B/model")
        }
    }
}
