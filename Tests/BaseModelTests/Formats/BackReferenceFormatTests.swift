@testable import BaseModel
import Foundation
import Testing

/// Issue 16: the README's `Folder` graph (a child's weak `parent` back to its owner) written in
/// every format. Typed formats round-trip it with the back reference restored; formats without
/// aliases used to recurse until the stack overflowed and now throw a typed error at the back
/// reference's path.
@Suite struct BackReferenceFormatTests {
    typealias Folder = FastCodingBackReferenceTests.Folder

    static let typedFormats: [ModelFormat] = [.keyedArchive, .hrJSON, .hrXML, .hrBinary, .fast]
    static let plainFormats: [ModelFormat] = [.json, .xmlPropertyList, .binaryPropertyList, .userDefaults]

    /// root → a → a1, each child's `parent` its owner.
    static func graph() -> Folder {
        let root = FastCodingBackReferenceTests.tree()
        let grandchild = Folder()
        grandchild.name = "a1"
        grandchild.parent = root.children[0]
        root.children[0].children = [grandchild]
        return root
    }

    @Test("the two lists cover the core formats")
    func everyFormatIsCovered() {
        #expect(Set(Self.typedFormats + Self.plainFormats) == Set(FormatRegistry(codecs: FormatRegistry.builtInCodecs).formats))
    }

    @Test("typed formats restore the back references", arguments: typedFormats)
    func typedFormatRoundTrips(_ format: ModelFormat) throws {
        let back = try Folder(data: Self.graph().data(format: format))
        let child = try #require(back.children.first)
        let grandchild = try #require(child.children.first)
        #expect(back.name == "root" && child.name == "a" && grandchild.name == "a1")
        #expect(back.parent == nil)
        #expect(child.parent === back)
        #expect(grandchild.parent === child)
    }

    @Test("plain formats throw a typed error at the first back reference", arguments: plainFormats)
    func plainFormatThrows(_ format: ModelFormat) throws {
        let error = try #require(throws: ModelError.self) { try Self.graph().data(format: format) }
        guard case .unsupported(let why) = error.reason else { Issue.record("got \(error)"); return }
        // A folder's children are written before its parent: the grandchild's is met first.
        #expect(error.path.description == "children[0].children[0].parent")
        #expect(why.contains("a cycle: the Folder at children[0].children[0].parent is an ancestor of itself (at children[0])"))
        #expect(why.contains("typed format"))
    }

    @Test("a copy, which goes through a plain tree, throws the same error")
    func copyThrows() throws {
        let error = try #require(throws: ModelError.self) { try Self.graph().copy() }
        #expect(error.path.description == "children[0].children[0].parent")
        let child = try #require(throws: ModelError.self) { try FastCodingBackReferenceTests.tree().copy() }
        #expect(child.path.description == "children[0].parent")
        #expect("\(child)".contains("an ancestor of itself (at <root>)"))
    }

    @Test("an instance shared without a cycle is still written twice in plain formats")
    func sharedWithoutCycleIsFine() throws {
        let root = Folder()
        let shared = Folder()
        shared.name = "shared"
        root.children = [shared, shared]
        let back = try Folder(data: root.data(format: .json))
        #expect(back.children.map(\.name) == ["shared", "shared"])
    }
}
