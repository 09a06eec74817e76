@testable import BaseModel
import Foundation
import Testing

/// The opt-in cycle through a class model (``BackReferencingModel``): a child's weak `parent`.
@Suite struct FastCodingBackReferenceTests {
    final class Folder: Model, BackReferencingModel, @unchecked Sendable {
        var name = ""
        var children: [Folder] = []
        weak var parent: Folder?
        required init() {}

        func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {
            guard key == "parent", let folder = object as? Folder else { return false }
            parent = folder
            return true
        }
    }

    /// The same shape without the opt-in.
    final class Node: Model, @unchecked Sendable {
        var children: [Node] = []
        weak var parent: Node?
        required init() {}
    }

    static func tree() -> Folder {
        let root = Folder()
        root.name = "root"
        let child = Folder()
        child.name = "a"
        child.parent = root
        root.children = [child]
        return root
    }

    @Test("golden: the child's parent is an object alias to the root, cached before its values")
    func goldenBytes() throws {
        let root = Self.tree()
        // 20: 1D "Folder\0", 28: 2 keys, 32: "name\0", 37: "children\0", 46: 1E 00 (slot 0),
        // 48: 08 "root\0", 54: 0A, 55 pad, 56: count 1,
        // 60: 1D "Folder\0" widened, 68: 3 keys, 72: "name\0", 77: "children\0", 86: "parent\0",
        // 93: 1E 01 (slot 1), 95: 08 "a\0", 98: 0A, 99 pad, 100: count 0 (slot 2),
        // 104: 02 00 (alias to slot 0, the root); the outer array is slot 3. 106 bytes.
        let expected = FastBytes.header(objects: 4, classes: 2, strings: 2)
            + [0x1D] + FastBytes.text("Folder") + FastBytes.hex("02000000") + FastBytes.text("name") + FastBytes.text("children")
            + FastBytes.hex("1E00 08") + FastBytes.text("root") + FastBytes.hex("0A 00 01000000")
            + [0x1D] + FastBytes.text("Folder") + FastBytes.hex("03000000")
            + FastBytes.text("name") + FastBytes.text("children") + FastBytes.text("parent")
            + FastBytes.hex("1E01 08") + FastBytes.text("a") + FastBytes.hex("0A 00 00000000 0200")
        #expect(expected.count == 106)
        #expect([UInt8](try root.data(format: .fast)) == expected)
        let back = try Folder(data: Data(expected))
        let child = try #require(back.children.first)
        #expect(back.name == "root" && child.name == "a")
        #expect(child.parent === back)
        #expect(back.parent == nil)
    }

    @Test("the opt-in works in the other typed formats too")
    func otherFormats() throws {
        for format in [ModelFormat.hrJSON, .keyedArchive] {
            let back = try Folder(data: Self.tree().data(format: format))
            #expect(back.children.first?.parent === back, "\(format)")
        }
    }

    @Test("without the opt-in a cycle through a class model is still a typed error")
    func withoutOptIn() throws {
        let root = Node()
        let child = Node()
        child.parent = root
        root.children = [child]
        let bytes = try root.data(format: .fast)
        let error = try #require(throws: ModelError.self) { try Node(data: bytes) }
        if case .unsupported = error.reason {} else { Issue.record("\(error)") }
        #expect(error.path.description == "children[0].parent")
    }
}
