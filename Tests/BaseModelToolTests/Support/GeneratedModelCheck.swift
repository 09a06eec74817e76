import BaseModel
import Foundation

/// The checks every generated model passes on its sample. This file is compiled into the
/// tests and, as source, into the program the acceptance test builds from generated models.
enum GeneratedModelCheck {
    /// `value` with every alias (`{"$alias": path}`) replaced by a copy of what it names in
    /// `tree`, as the plain decoder needs it; an alias that names one of its own enclosing
    /// objects (a cycle, which plain values cannot hold) is `null`.
    static func plain(_ value: ModelValue, in tree: ModelValue, at path: [String] = []) -> ModelValue {
        switch value {
        case .array(let elements):
            return .array(elements.enumerated().map { plain($1, in: tree, at: path + [String($0)]) })
        case .dictionary(let entries):
            if case .string(let target)? = entries["$alias"] {
                let here = path.joined(separator: ".")
                guard target != "$root", !here.hasPrefix(target + "."), let named = resolve(target, in: tree) else { return .null }
                return plain(named, in: tree, at: target.split(separator: ".").map(String.init))
            }
            var copy = entries
            for (key, element) in entries { copy[key] = plain(element, in: tree, at: path + [key]) }
            return .dictionary(copy)
        default:
            return value
        }
    }

    /// What an alias's dotted key path names: at each step the longest key that matches (keys of
    /// keyed archives hold dots themselves, `NS.timeZone`), or an array index.
    static func resolve(_ keyPath: String, in tree: ModelValue) -> ModelValue? {
        var steps = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
        var current = tree
        while !steps.isEmpty {
            switch current {
            case .dictionary(let entries):
                guard let length = (1...steps.count).reversed().first(where: { entries[steps.prefix($0).joined(separator: ".")] != nil }),
                    let next = entries[steps.prefix(length).joined(separator: ".")]
                else { return nil }
                current = next
                steps = steps.dropFirst(length)
            case .array(let elements):
                guard let index = Int(steps[steps.startIndex]), elements.indices.contains(index) else { return nil }
                current = elements[index]
                steps = steps.dropFirst()
            default:
                return nil
            }
        }
        return current
    }

    /// What the report holds beyond the `$class` names (which the plain decoder does not read)
    /// and the defaulted keys of optional properties (which the round trip checks): nothing, for
    /// a model that fits its sample.
    static func problems(_ report: ModelReport) -> [String] {
        report.unusedKeys.map(\.description).filter { !$0.hasSuffix("$class") }.map { "unused key \($0)" }
            + report.conversions.map { "converted \($0.path)" }
    }

    /// The differences between the values of the sample and those of the model written back,
    /// aliases followed on both sides: dictionaries compared by key (a `null` and a missing key
    /// are the same value, and a `$class` written where the sample had a plain dictionary is not
    /// a value), numbers by value, everything else exactly.
    static func differences(_ sample: ModelValue, _ written: ModelValue) -> [String] {
        var result: [String] = []
        compare(plain(sample, in: sample), plain(written, in: written), at: "", into: &result)
        return result
    }

    private static func compare(_ a: ModelValue, _ b: ModelValue, at path: String, into result: inout [String]) {
        guard result.count < 5 else { return }
        switch (a, b) {
        case (.dictionary(let x), .dictionary(let y)):
            for key in Set(x.keys).union(y.keys).sorted() where !(key == "$class" && x[key] == nil) {
                compare(x[key] ?? .null, y[key] ?? .null, at: path + "." + key, into: &result)
            }
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return result.append("\(path): \(x.count) elements, written back \(y.count)") }
            for (index, (left, right)) in zip(x, y).enumerated() { compare(left, right, at: "\(path)[\(index)]", into: &result) }
        default:
            if let x = number(a), let y = number(b), x == y { return }
            if a != b { result.append("\(path): \(a) written back as \(b)") }
        }
    }

    private static func number(_ value: ModelValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .unsignedInteger(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }
}
