@testable import BaseModel
import Foundation
import Testing

/// `GraphDifference`, what `basemodel diff` prints: values with their kinds, keys in any order,
/// classes, and sharing.
@Suite("Differences between graphs")
struct GraphDifferenceTests {
    private static func graph(_ tree: ModelValue) throws -> InputIndex { try InputIndex(typedTree: tree) }

    private static func differences(_ first: ModelValue, _ second: ModelValue) throws -> [String] {
        GraphDifference.between(try graph(first), try graph(second)).map(\.description)
    }

    @Test func equalGraphsInAnotherKeyOrderHaveNone() throws {
        let first: ModelValue = ["a": 1, "b": ["x": [1.5, "y", true, .null]], "c": .date(Date(timeIntervalSinceReferenceDate: 3))]
        let second: ModelValue = ["c": .date(Date(timeIntervalSinceReferenceDate: 3)), "b": ["x": [1.5, "y", true, .null]], "a": 1]
        #expect(try Self.differences(first, second).isEmpty)
        #expect(try Self.differences(["n": .double(.nan)], ["n": .double(.nan)]).isEmpty)
    }

    @Test func scalarsDifferInValueOrKind() throws {
        let first: ModelValue = [
            "int": 1, "big": .unsignedInteger(UInt64(Int64.max) + 1), "flag": true, "when": .date(Date(timeIntervalSinceReferenceDate: 0)),
            "bytes": .data(Data([1, 2])), "zero": 0,
        ]
        let second: ModelValue = [
            "int": 1.0, "big": .unsignedInteger(UInt64(Int64.max) + 2), "flag": 1, "when": .date(Date(timeIntervalSinceReferenceDate: 0.5)),
            "bytes": .data(Data([1, 3])), "zero": false,
        ]
        #expect(try Self.differences(first, second) == [
            "int: integer 1 → real 1.0",
            "big: 9223372036854775808 → 9223372036854775809",
            "flag: bool true → integer 1",
            "when: 2001-01-01T00:00:00.000Z → 2001-01-01T00:00:00.500Z",
            "bytes: <2 bytes: 0102> → <2 bytes: 0103>",
            "zero: integer 0 → bool false",
        ])
    }

    @Test func sharedAtDifferentPlacesDiffers() throws {
        // A: b and c are both the dictionary at a. B: b is the dictionary at a, c a copy of it
        // that d shares.
        let first: ModelValue = ["a": ["n": 1], "b": ["$alias": "a"], "c": ["$alias": "a"], "d": ["n": 1]]
        let second: ModelValue = ["a": ["n": 1], "b": ["$alias": "a"], "c": ["n": 1], "d": ["$alias": "c"]]
        #expect(try Self.differences(first, second) == [
            "c: the same dictionary as a → a copy",
            "d: a copy → the same dictionary as c",
        ])
    }

    @Test func classesAreCompared() throws {
        let first: ModelValue = ["$class": "List", "items": [["$class": "Item", "label": "a"]], "owner": ["$class": "Person"]]
        let second: ModelValue = ["$class": "List", "items": [["$class": "Task", "label": "a"]], "owner": ["name": "x"]]
        #expect(try Self.differences(first, second) == [
            #"items[0]: $class "Item" → "Task""#,
            #"owner: $class "Person" → none"#,
            #"owner.name: added "x""#,
        ])
    }

    @Test func cyclesAgreeOrDiffer() throws {
        let cycle: ModelValue = ["head", ["parent": ["$alias": "$root"]]]
        #expect(try Self.differences(cycle, cycle).isEmpty)
        let other: ModelValue = ["head", ["parent": ["$alias": "1"]]]
        #expect(try Self.differences(cycle, other) == [
            "[1].parent: the same array as <root> → the same dictionary as [1]",
            "[1].parent: array (2 elements) → dictionary (1 key)",
        ])
    }

    @Test func keysWithDotsAreNamedInBrackets() throws {
        #expect(try Self.differences(["a.b": 1], ["a.b": 2]) == [#"["a.b"]: 1 → 2"#])
    }
}
