@testable import BaseModel
import Foundation
import Testing

/// `ModelValue.styledDescription(indented:style:)`: the description's pieces handed to a styler
/// with their roles (what `basemodel inspect --color` paints); without one, the description.
@Suite("The styled description of a tree")
struct StyledDescriptionTests {
    static let tree: ModelValue = [
        "$class": "Person", "name": "Ada", "age": 36, "score": 1.5, "admin": false, "nick": .null,
        "born": .date(Date(timeIntervalSinceReferenceDate: 0)), "photo": .data(Data([0xff])), "friend": ["$alias": "$root"],
    ]

    @Test func eachPieceHasItsRole() {
        let styled = Self.tree.styledDescription(indented: false) { role, text in "<\(role)|\(text)>" }
        #expect(styled == #"""
            {<className|"$class": "Person">, <key|"name">: <string|"Ada">, <key|"age">: <number|36>, \#
            <key|"score">: <number|1.5>, <key|"admin">: <literal|false>, <key|"nick">: <literal|null>, \#
            <key|"born">: <typed|2001-01-01T00:00:00.000Z>, <key|"photo">: <typed|<1 bytes: ff>>, \#
            <key|"friend">: {<alias|"$alias": "$root">}}
            """#)
    }

    @Test func withoutAStyleItIsTheDescription() {
        #expect(Self.tree.styledDescription(indented: false) == Self.tree.description)
        #expect(Self.tree.styledDescription(indented: true) == Self.tree.indentedDescription)
        // Indented, a styled piece never spans lines.
        let lines = Self.tree.styledDescription(indented: true) { _, text in "[\(text)]" }.split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines.allSatisfy { $0.filter { $0 == "[" }.count == $0.filter { $0 == "]" }.count })
    }
}
