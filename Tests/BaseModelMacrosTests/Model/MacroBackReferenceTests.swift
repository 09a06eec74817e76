import BaseModelMacros
import Foundation
import Testing

/// A `@Model` class that takes back references reads a cycle (a child naming its parent) from
/// every format that stores one, as the same class without the macro does: the child's optional
/// property is set once the parent is built.
@Suite struct MacroBackReferenceTests {
    @Model final class Folder: BackReferencingModel {
        var name = ""
        var children: [Folder] = []
        var parent: Folder?

        func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {
            guard key == "parent", let folder = object as? Folder else { return false }
            parent = folder
            return true
        }
    }

    @Test("a child naming its parent reads back as the same parent", arguments: [ModelFormat.keyedArchive, .fast, .hrJSON, .hrXML])
    func aCycleThroughAnOptionalPropertyReadsBack(format: ModelFormat) throws {
        let root = Folder()
        root.name = "root"
        let child = Folder()
        child.name = "child"
        child.parent = root
        root.children = [child]
        let bytes = try root.data(format: format)
        let back = try Folder(data: bytes)
        #expect(back.name == "root")
        #expect(back.children.first?.name == "child")
        #expect(back.children.first?.parent === back)
    }
}
