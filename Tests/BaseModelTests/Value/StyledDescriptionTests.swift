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

    /// `inspect --lines N` renders only the first N lines: they are the whole rendering's first
    /// N lines, character for character, and the line count of the whole is right, for every
    /// limit, styled or not, indented or on one line.
    @Test func theFirstLinesAreTheWholeRenderingsFirstLines() throws {
        let nested: ModelValue = ["a": [1, [], [:], ["b": [true, .null]]], "c": [], "d": ["e": "f\ng"]]
        var trees: [ModelValue] = [Self.tree, nested, 7, [], [:], [[[]]]]
        if ModelCorpus.isAvailable {
            let twitter = try Data(contentsOf: ModelCorpus.root.appendingPathComponent("json/twitter.json"))
            trees.append(try FormatRegistry.shared.detect(twitter).decodeTree(from: twitter))
        }
        let style: (ModelValue.DescriptionRole, String) -> String = { role, text in "<\(role)|\(text)>" }
        for tree in trees {
            for (indented, styler) in [(true, nil), (true, style), (false, nil), (false, style)] {
                let whole = tree.styledDescription(indented: indented, style: styler).split(separator: "\n", omittingEmptySubsequences: false)
                let limits = whole.count > 40 ? [1, 2, 3, 20, whole.count - 1, whole.count, whole.count + 1] : Array(1...whole.count + 2)
                for limit in limits {
                    let first = tree.styledDescription(indented: indented, firstLines: limit, style: styler)
                    #expect(first.text == whole.prefix(limit).joined(separator: "\n"))
                    #expect(first.lineCount == whole.count)
                }
            }
        }
    }
}
