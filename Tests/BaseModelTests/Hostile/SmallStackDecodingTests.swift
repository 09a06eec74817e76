@testable import BaseModel
import Foundation
import Testing

/// Issue 16: nesting must not overflow a 512 KiB thread stack (what Apple platforms give
/// secondary threads and Dispatch workers). In every format the deepest input the depth limit
/// accepts is read and written on such a thread, and one level more is a typed error naming the
/// limit, never a crash.
@Suite struct SmallStackDecodingTests {
    typealias Node = StackCostProbe.Node

    static let formats = StackCostProbe.formats
    static let limit = DecodingLimits.standard.maximumDepth

    /// `depth` containers: a dictionary at the root, then arrays.
    static func nested(_ depth: Int) -> ModelValue { StackCostProbe.nestedArrays(depth) }

    /// Bytes of `value` in `format` written with a depth limit of `limit` (to make input deeper
    /// than the default accepts).
    static func bytes(_ value: ModelValue, _ format: ModelFormat, limit: Int = limit + 2) throws -> Data {
        try DecodingLimits.$current.withValue(DecodingLimits(maximumDepth: limit)) {
            try FormatRegistry.shared.codec(for: format).encodeTree(value)
        }
    }

    static func modelBytes(_ node: Node, _ format: ModelFormat) throws -> Data {
        try node.data(format: format, context: ModelContext(limits: DecodingLimits(maximumDepth: limit + 4)))
    }

    static func isDepthError(_ error: ModelError?) -> Bool {
        guard let error, case .unsupported(let why) = error.reason else { return false }
        return why.contains("depth limit of \(limit)") && why.contains("DecodingLimits.maximumDepth")
    }

    @Test("the deepest accepted tree is read and written on a 512 KiB stack", arguments: formats)
    func deepestTree(_ format: ModelFormat) throws {
        let tree = Self.nested(Self.limit)
        let data = try Self.bytes(tree, format)
        let outcome = SmallStack.run {
            let codec = try! FormatRegistry.shared.codec(for: format)
            let read = Result { () throws(ModelError) -> ModelValue in try codec.decodeTree(from: data) }
            let detected = Result { () throws(ModelError) -> ModelValue in try ModelValue(data: data) }
            let written = Result { () throws(ModelError) -> Data in try codec.encodeTree(tree) }
            return (read, detected, written)
        }.result
        #expect(try outcome.0.get() == tree)
        #expect(try outcome.1.get() == tree)
        #expect(try outcome.2.get() == data)
    }

    @Test("one level more is a typed error naming the limit, on a 512 KiB stack", arguments: formats)
    func oneLevelMore(_ format: ModelFormat) throws {
        let tree = Self.nested(Self.limit + 1)
        let data = try Self.bytes(tree, format)
        let outcome = SmallStack.run {
            let codec = try! FormatRegistry.shared.codec(for: format)
            let read = Result { () throws(ModelError) -> ModelValue in try codec.decodeTree(from: data) }
            let detected = Result { () throws(ModelError) -> ModelValue in try ModelValue(data: data) }
            let written = Result { () throws(ModelError) -> Data in try codec.encodeTree(tree) }
            return (read, detected, written)
        }.result
        for result in [outcome.0.map { _ in () }, outcome.1.map { _ in () }, outcome.2.map { _ in () }] {
            guard case .failure(let error) = result else {
                Issue.record("\(format): input one level too deep was accepted")
                continue
            }
            #expect(Self.isDepthError(error), "\(error)")
        }
    }

    @Test("the deepest accepted model is decoded and encoded on a 512 KiB stack", arguments: formats)
    func deepestModel(_ format: ModelFormat) throws {
        // A Node is two containers: its dictionary and its `subs` array.
        let node = StackCostProbe.nestedNodes(Self.limit / 2)
        let data = try Self.modelBytes(node, format)
        let outcome = SmallStack.run {
            (Result { () throws(ModelError) -> Node in try Node(data: data) },
             Result { () throws(ModelError) -> Data in try node.data(format: format) })
        }.result
        let decoded = try outcome.0.get()
        var depth = 1
        var current = decoded
        while let next = current.subs.first {
            depth += 1
            current = next
        }
        #expect(depth == Self.limit / 2)
        #expect(try outcome.1.get() == data)
    }

    @Test("a model one level too deep is a typed error on a 512 KiB stack", arguments: formats)
    func modelOneLevelMore(_ format: ModelFormat) throws {
        let node = StackCostProbe.nestedNodes(Self.limit / 2 + 1)
        let data = try Self.modelBytes(node, format)
        let outcome = SmallStack.run {
            (Result { () throws(ModelError) -> Node in try Node(data: data) },
             Result { () throws(ModelError) -> Data in try node.data(format: format) })
        }.result
        guard case .failure(let decodeError) = outcome.0, case .failure(let encodeError) = outcome.1 else {
            Issue.record("\(format): a model one level too deep was accepted")
            return
        }
        #expect(Self.isDepthError(decodeError), "\(decodeError)")
        #expect(Self.isDepthError(encodeError), "\(encodeError)")
    }

    @Test("a decode on a small stack runs elsewhere; on a big one, here")
    func reserve() {
        let small = SmallStack.run { StackReserve.remainingStack() ?? -1 }.result
        #expect(small > 0 && small < SmallStack.appleThreadSize)
        #expect(small < StackReserve.bytesNeeded(for: .standard))
        let big = SmallStack.run(size: 64 << 20) { StackReserve.remainingStack() ?? -1 }.result
        #expect(big > StackReserve.bytesNeeded(for: .standard))
    }
}
