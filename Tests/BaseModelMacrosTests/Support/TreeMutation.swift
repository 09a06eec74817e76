@testable import BaseModel

/// Random inputs for the differential tests: a valid tree with a few values removed, set to
/// `null`, or replaced by a value of another kind (a numeric string, a date string, an empty
/// container …), each at the end of a random walk from the root.
enum TreeMutation {
    /// `tree` with `count` mutations.
    static func mutate(_ tree: ModelValue, count: Int, using generator: inout SeededGenerator) -> ModelValue {
        var tree = tree
        for _ in 0..<count {
            tree = walk(tree, depth: 0, using: &generator) ?? tree
        }
        return tree
    }

    /// The values put in place of another.
    static let replacements: [ModelValue] = [
        .null, "7", "x", "", 7, -1, 2.5, true, false, [:], [], ["x"], "Sun Aug 31 00:29:15 +0000 2014",
        .integer(Int64.max), .unsignedInteger(UInt64.max),
    ]

    /// The value after a mutation somewhere below it; `nil` removes it.
    private static func walk(_ value: ModelValue, depth: Int, using generator: inout SeededGenerator) -> ModelValue? {
        let descends = depth == 0 || Int.random(in: 0..<10, using: &generator) < 8
        switch value {
        case .dictionary(var entries) where descends && !entries.isEmpty:
            let index = Int.random(in: 0..<entries.count, using: &generator)
            if let child = walk(entries.values[index], depth: depth + 1, using: &generator) {
                entries.values[index] = child
            } else {
                entries.remove(at: index)
            }
            return .dictionary(entries)
        case .array(var elements) where descends && !elements.isEmpty:
            let index = Int.random(in: 0..<elements.count, using: &generator)
            if let child = walk(elements[index], depth: depth + 1, using: &generator) {
                elements[index] = child
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            let choice = Int.random(in: 0...replacements.count, using: &generator)
            return choice == replacements.count ? nil : replacements[choice]
        }
    }
}
