import BaseModel
import Foundation

/// `hostile-probe stack` prints what one more level of nesting costs on the stack in each path:
/// the high-water mark of a painted 64 MiB stack (big enough that no decode moves to a thread of
/// its own) at two depths. `hostile-probe read FILE [--model]` decodes a file as a tree (or as
/// the amplification tests' `Bomb` model) and prints the outcome, for `/usr/bin/time -v`.
@main
enum HostileProbe {
    struct Node: Model {
        var subs: [Node] = []
    }

    /// `{"v": [[…[1]…]]}`, `depth` levels in all, as a graph (root first).
    static func nestedArrays(_ depth: Int) -> [ModelNode] {
        [.dictionary(["v": 1])] + (1..<depth - 1).map { ModelNode.array([$0 + 1]) } + [.integer(1)]
    }

    static func nestedNodes(_ depth: Int) -> Node {
        var node = Node()
        for _ in 1..<depth { node = Node(subs: [node]) }
        return node
    }

    struct Leaf: Model {
        var values: [Int] = []
    }

    struct Bomb: Model {
        var items: [Leaf] = []
    }

    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.first == "read", arguments.count >= 2 else { return try stack() }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[arguments.startIndex + 1]))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            if arguments.contains("--model") {
                let types = ModelRegistry()
                types.register(Bomb.self)
                types.register(Leaf.self)
                let bomb = try Bomb(data: data, context: ModelContext(types: types))
                print("read \(bomb.items.count) items")
            } else {
                let tree = try ModelValue(data: data)
                switch tree {
                case .array(let elements): print("read an array of \(elements.count)")
                case .dictionary(let entries): print("read a dictionary of \(entries.count)")
                default: print("read a scalar")
                }
            }
        } catch {
            print("error: \(String(describing: error).suffix(160))")
        }
        print("\(data.count) bytes in \(clock.now - start)")
    }

    static func stack() throws {
        let low = 40, high = 120
        func cost(_ work: (Int) -> () -> Void) -> Int {
            let a = SmallStack.run(size: 64 << 20, work(low)).used
            let b = SmallStack.run(size: 64 << 20, work(high)).used
            return (b - a) / (high - low)
        }
        print("| format | read B/level | detect + read | write graph | model read B/model | model write B/model |")
        print("|---|---|---|---|---|---|")
        let formats: [ModelFormat] = [.json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .fast]
        for format in formats {
            let codec = try FormatRegistry.shared.codec(for: format)
            let trees = [low, high].map(nestedArrays)
            let data = try trees.map { try codec.encodeGraph($0) }
            let nodes = [low, high].map(nestedNodes)
            let models = try nodes.map { try $0.data(format: format) }
            func pick<T>(_ values: [T], _ depth: Int) -> T { values[depth == low ? 0 : 1] }
            let read = cost { depth in { _ = try? codec.decodeGraph(from: pick(data, depth)) } }
            let detect = cost { depth in { _ = try? ModelValue(data: pick(data, depth)) } }
            let write = cost { depth in { _ = try? codec.encodeGraph(pick(trees, depth)) } }
            let modelRead = cost { depth in { _ = try? Node(data: pick(models, depth)) } }
            let modelWrite = cost { depth in { _ = try? pick(nodes, depth).data(format: format) } }
            print("| \(format.rawValue) | \(read) | \(detect) | \(write) | \(modelRead) | \(modelWrite) |")
        }
    }
}
