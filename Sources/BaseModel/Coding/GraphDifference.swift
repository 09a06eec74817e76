import Foundation

/// One difference between two graphs (``InputIndex``), as `basemodel diff` prints it: the place
/// in the first file and what changed there, `statuses[3].user.name: "a" → "b"`.
///
/// The graphs are compared as values with identity, whatever their formats:
///
/// - scalars by kind and value: an integer and a real are of different kinds even when equal
///   in value (`count: integer 1 → real 1.0`), as a property list's `<integer>` and `<real>`
///   are; an integer above `Int64.max` is an integer; reals are equal when `==` says so (or both
///   are NaN); dates by their instant, data by their bytes;
/// - dictionaries and objects by their keys, in any order (`added …`, `removed …` for a key on one
///   side only), and an object's class (`$class "Person" → "Employee"`, `$class none → "Person"`
///   for a dictionary that became an object);
/// - arrays position by position, then the elements one side has beyond the other's end;
/// - identity: an array, dictionary or object met a second time is the same node in one graph
///   and a copy in the other (`the same dictionary as items[0] → a copy`), or the same as
///   different places; a cycle is the same as a place around it.
///
/// What a format stores beyond the value (a mutable string, a 4-byte float, a set, the key
/// order) is not compared: formats differ in which of those they keep.
package struct GraphDifference: Sendable, Hashable, CustomStringConvertible {
    /// The place in the first graph (or in the second, for an added key or element).
    package let path: ModelPath
    /// What changed there: `"a" → "b"`, `added 3`, `removed dictionary (2 keys)`, ….
    package let change: String

    /// `path: change`.
    package var description: String { "\(path): \(change)" }

    /// The differences between `first` and `second`, in the order of a walk of `first`; empty
    /// when they hold the same values with the same sharing.
    ///
    /// Complexity: O(*n*) for graphs of *n* nodes without sharing; a node shared in one graph
    /// and copied in the other is compared once per pair of places met.
    package static func between(_ first: InputIndex, _ second: InputIndex) -> [GraphDifference] {
        StackReserve.run {
            var walk = Walk(first: first, second: second)
            walk.compare(first.root, second.root)
            return walk.differences
        }
    }

    /// One comparison of two graphs, walked side by side.
    private struct Walk {
        let first: InputIndex
        let second: InputIndex
        let firstShared: [Bool]?
        let secondShared: [Bool]?
        var differences: [GraphDifference] = []
        var steps: [ModelPath.Component] = []
        /// Per shared node of each graph: where it was first met, and the node met with it there.
        var firstPlaces: [Int32: (path: ModelPath, partner: Int32)] = [:]
        var secondPlaces: [Int32: (path: ModelPath, partner: Int32)] = [:]
        /// The pairs of shared nodes already compared (a cycle, or a node met again).
        var compared: Set<UInt64> = []
        /// Past this many steps the walk stops (two graphs' cycles met out of step).
        let maximumDepth = 2 * DecodingLimits.current.maximumDepth

        init(first: InputIndex, second: InputIndex) {
            self.first = first
            self.second = second
            firstShared = first.sharedNodes
            secondShared = second.sharedNodes
        }

        var path: ModelPath { ModelPath(steps) }

        mutating func report(_ change: String) {
            differences.append(GraphDifference(path: path, change: change))
        }

        mutating func compare(_ a: Int32, _ b: Int32) {
            let left = first[a], right = second[b]
            guard left.kind.isContainer, right.kind.isContainer else {
                return compareScalars(a, b)
            }
            guard steps.count < maximumDepth else {
                return report("nested too deeply to compare (over \(maximumDepth) levels)")
            }
            if !sharingAgrees(a, b) { return }
            switch (left.kind, right.kind) {
            case (.array, .array):
                compareArrays(a, b)
            case (.array, _), (_, .array):
                report("\(Self.summary(of: a, in: first)) → \(Self.summary(of: b, in: second))")
            default:
                compareKeyed(a, b)
            }
        }

        /// Checks that `a` and `b`, both containers, are shared alike: both met here for the
        /// first time, or both met before at the same place. Reports a difference otherwise.
        /// Returns whether their contents are still to be compared.
        mutating func sharingAgrees(_ a: Int32, _ b: Int32) -> Bool {
            let aShared = firstShared?[Int(a)] ?? false
            let bShared = secondShared?[Int(b)] ?? false
            guard aShared || bShared else { return true }
            let before = aShared ? firstPlaces[a] : nil
            let beforeInSecond = bShared ? secondPlaces[b] : nil
            if before == nil, beforeInSecond == nil {
                if aShared { firstPlaces[a] = (path, b) }
                if bShared { secondPlaces[b] = (path, a) }
                compared.insert(UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)))
                return true
            }
            if let before, let beforeInSecond, before.partner == b, beforeInSecond.partner == a { return false }
            let leftText = before.map { "the same \(Self.noun(of: a, in: first)) as \($0.path)" } ?? "a copy"
            let rightText = beforeInSecond.map { "the same \(Self.noun(of: b, in: second)) as \($0.path)" } ?? "a copy"
            report("\(leftText) → \(rightText)")
            if aShared, before == nil { firstPlaces[a] = (path, b) }
            if bShared, beforeInSecond == nil { secondPlaces[b] = (path, a) }
            // The values are compared too, once per pair of nodes (a cycle ends here).
            return compared.insert(UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b))).inserted
        }

        mutating func compareScalars(_ a: Int32, _ b: Int32) {
            let left = first[a], right = second[b]
            guard let leftValue = first.scalar(a), let rightValue = second.scalar(b) else {
                return report("\(Self.summary(of: a, in: first, kind: true)) → \(Self.summary(of: b, in: second, kind: true))")
            }
            let leftKind = Self.kindName(of: a, in: first), rightKind = Self.kindName(of: b, in: second)
            guard leftKind == rightKind else {
                return report("\(leftKind) \(leftValue) → \(rightKind) \(rightValue)")
            }
            let equal: Bool
            switch (left.kind, right.kind) {
            case (.double, .double): equal = left.double == right.double || (left.double.isNaN && right.double.isNaN)
            case (.date, .date): equal = left.double == right.double
            case (.integer, .unsignedInteger), (.unsignedInteger, .integer): equal = false
            default: equal = leftValue == rightValue
            }
            if !equal { report("\(leftValue) → \(rightValue)") }
        }

        mutating func compareArrays(_ a: Int32, _ b: Int32) {
            let leftCount = Int(first[a].count), rightCount = Int(second[b].count)
            for position in 0..<max(leftCount, rightCount) {
                steps.append(.index(position))
                if position >= rightCount {
                    report("removed \(Self.summary(of: first.element(of: a, at: position), in: first))")
                } else if position >= leftCount {
                    report("added \(Self.summary(of: second.element(of: b, at: position), in: second))")
                } else {
                    compare(first.element(of: a, at: position), second.element(of: b, at: position))
                }
                steps.removeLast()
            }
        }

        mutating func compareKeyed(_ a: Int32, _ b: Int32) {
            let leftClass = first.objectClass(of: a).map(first.className(ofClass:))
            let rightClass = second.objectClass(of: b).map(second.className(ofClass:))
            if leftClass != rightClass {
                let quoted = { (name: String?) in name.map { ModelValue.quoted($0) } ?? "none" }
                report("\(TypedTree.classKey) \(quoted(leftClass)) → \(quoted(rightClass))")
            }
            let leftEntries = Self.entries(of: a, in: first), rightEntries = Self.entries(of: b, in: second)
            var rightLookup: [String: Int32] = [:]
            rightLookup.reserveCapacity(rightEntries.count)
            for (key, value) in rightEntries where rightLookup[key] == nil { rightLookup[key] = value }
            var leftKeys = Set<String>()
            leftKeys.reserveCapacity(leftEntries.count)
            for (key, value) in leftEntries where leftKeys.insert(key).inserted {
                steps.append(.key(key))
                if let other = rightLookup[key] {
                    compare(value, other)
                } else {
                    report("removed \(Self.summary(of: value, in: first))")
                }
                steps.removeLast()
            }
            for (key, value) in rightEntries where !leftKeys.contains(key) {
                leftKeys.insert(key)
                steps.append(.key(key))
                report("added \(Self.summary(of: value, in: second))")
                steps.removeLast()
            }
        }

        /// A dictionary's entries or an object's present values, in the file's order.
        static func entries(of node: Int32, in index: InputIndex) -> [(key: String, value: Int32)] {
            let value = index[node]
            if value.kind == .object {
                return zip(index.classes[value.index].keys, index.childRange(of: value)).compactMap { key, position in
                    let child = index.child(position)
                    return child == InputIndex.absent ? nil : (key, child)
                }
            }
            return (0..<Int(value.count)).map { index.entry(of: node, at: $0) }
        }

        /// The kind a person reads: `integer`, `real`, `string`, …, `array`, `dictionary`, or an
        /// object's class name.
        static func kindName(of node: Int32, in index: InputIndex) -> String {
            let value = index[node]
            switch value.kind {
            case .null: return "null"
            case .bool: return "bool"
            case .integer, .unsignedInteger: return "integer"
            case .double: return "real"
            case .string: return "string"
            case .data: return "data"
            case .date: return "date"
            case .array: return "array"
            case .dictionary: return "dictionary"
            case .object: return index.className(ofClass: value.index)
            }
        }

        /// `array`, `dictionary`, or `Person object`.
        static func noun(of node: Int32, in index: InputIndex) -> String {
            index[node].kind == .object ? "\(kindName(of: node, in: index)) object" : kindName(of: node, in: index)
        }

        /// A value in a few words: a scalar as itself (after its kind with `kind`), a container
        /// as its kind and size.
        static func summary(of node: Int32, in index: InputIndex, kind: Bool = false) -> String {
            let value = index[node]
            if let scalar = index.scalar(node) { return kind ? "\(kindName(of: node, in: index)) \(scalar)" : scalar.description }
            let count = value.kind == .object ? entries(of: node, in: index).count : Int(value.count)
            let unit = value.kind == .array ? (count == 1 ? "element" : "elements") : (count == 1 ? "key" : "keys")
            return "\(noun(of: node, in: index)) (\(count) \(unit))"
        }
    }
}
