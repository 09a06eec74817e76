import Foundation
import OrderedCollections

extension PropertyListObject {
    /// The tree form of this property list (what the keyed-archive reader makes of an archive's
    /// plain values): reals become doubles, everything else its own kind.
    ///
    /// - Parameter uidsAsDictionaries: Whether a UID is read as `{"CF$UID": n}`, the spelling
    ///   of XML property lists and `plutil` (what plain property lists show); otherwise a UID is
    ///   an error (typed trees: a UID is a keyed archive's reference, with no meaning on its own).
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` with the path for a UID when
    ///   `uidsAsDictionaries` is `false`.
    func modelValue(format: String, path: ModelPath = .root, uidsAsDictionaries: Bool = false) throws(ModelError) -> ModelValue {
        switch self {
        case .string(let value): return .string(value)
        case .integer(let value): return .integer(value)
        case .unsignedInteger(let value): return .unsignedInteger(value)
        case .real(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .date(let value): return .date(value)
        case .data(let value): return .data(value)
        case .uid(let value) where uidsAsDictionaries:
            return .dictionary(["CF$UID": Int64(exactly: value).map(ModelValue.integer) ?? .unsignedInteger(value)])
        case .uid(let value):
            throw ModelError(
                .unsupported("a keyed-archive UID has no tree form (read keyed archives with the keyed-archive format)"),
                path: path, excerpt: "UID(\(value))", format: format)
        case .array(let elements):
            var values: [ModelValue] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try element.modelValue(format: format, path: path.appending(.index(index)), uidsAsDictionaries: uidsAsDictionaries))
            }
            return .array(values)
        case .dictionary(let entries):
            var values = OrderedDictionary<String, ModelValue>(minimumCapacity: entries.count)
            for (key, value) in entries {
                values[key] = try value.modelValue(format: format, path: path.appending(.key(key)), uidsAsDictionaries: uidsAsDictionaries)
            }
            return .dictionary(values)
        }
    }
}
