/// The typed-tree convention every object-graph format shares: the reserved keys and the key
/// paths that name a place in a tree.
///
/// A *typed tree* is a ``ModelValue`` in which a typed object is a dictionary with
/// `"$class": "<registered type name>"` beside its keys, and an object met a second time is
/// `{"$alias": "<key path>"}`, the dotted path from the root to its first occurrence (HRCoder's
/// rule). The model coders read and write it; the HR, keyed-archive and fast codecs store it:
///
/// ```swift
/// let tree: ModelValue = [
///     "$class": "TodoList",
///     "items": [["$class": "TodoItem", "label": "Buy milk"]],
///     "first": ["$alias": "items.0"],
/// ]
/// TypedTree.resolve("items.0", in: tree)   // the TodoItem dictionary
/// try TypedTree.validate(tree)              // every alias names a value: no error
/// ```
///
/// ## Key paths
///
/// An alias names its target with a dotted key path from the root, as HRCoder wrote them:
/// `items`, `items.0`, `items.0.owner`. Each step is looked up in the container it meets: in a
/// dictionary it is a key (so a dictionary key `"0"` is found by the step `0`), in an array it must
/// be a decimal index written without sign or leading zeros (`0`, `12`, never `01` or `+1`). The
/// path `$root` names the root itself; there is no `$root.` prefix on other paths.
///
/// A path names a place in the document as written. It never continues *through* an alias
/// dictionary (HRCoder never writes such a path: every object is named by its first occurrence),
/// so aliases cannot chain or loop.
///
/// The reserved names are ``classKey``, ``aliasKey`` and ``rootKeyPath``; ``isAlias(_:)``,
/// ``resolve(_:in:)`` and ``keyPath(for:)`` handle aliases and the paths they name; and
/// ``validate(_:format:)`` and ``maximumDepth`` are the checks every typed tree passes on read and
/// write.
package enum TypedTree {
    /// `$class`: the registered type name of a typed object (HRCoder's `+classNameKey`).
    package static let classKey = "$class"
    /// `$alias`: the dotted key path of an object met before, in `{"$alias": "items.0"}`.
    package static let aliasKey = "$alias"
    /// `$root`: the key path that names the root object. It appears only as an alias target.
    package static let rootKeyPath = "$root"
    /// `$schemaVersion`: the ``Model/schemaVersion`` saved data was written with, a top-level
    /// key of a saved model; absent means version 1.
    package static let schemaVersionKey = "$schemaVersion"

    /// Whether `value` is an alias: a dictionary holding ``aliasKey``.
    ///
    /// HRCoder checks for an alias before anything else, so a dictionary holding both `$alias`
    /// and `$class` is an alias. Its other keys mean nothing: every reader ignores them, and the
    /// HR codecs drop them when they read or write.
    package static func isAlias(_ value: ModelValue) -> Bool {
        guard case .dictionary(let entries) = value else { return false }
        return entries[aliasKey] != nil
    }

    /// The value that a dotted key path names in `tree`, or `nil` when it names nothing.
    ///
    /// `$root` gives `tree` itself. Other paths are walked a step at a time: a dictionary step is
    /// a key, an array step a canonical decimal index (`0`, `12`; not `01`, `-1` or `+1`). The
    /// walk stops with `nil` at a missing key, an index out of range, a scalar, or an alias
    /// dictionary that has steps left after it (a path never runs through an alias). The value
    /// found may itself be an alias; ``validate(_:format:)`` rejects aliases that name one.
    ///
    /// ```swift
    /// TypedTree.resolve("$root", in: tree)     // tree
    /// TypedTree.resolve("items.0", in: tree)   // the first element of the array at "items"
    /// TypedTree.resolve("items.01", in: tree)  // nil
    /// ```
    ///
    /// A key that holds dots matches the steps it spells (``walk(_:from:open:)``).
    ///
    /// Complexity: O(*d*) container scans for a path of *d* steps.
    package static func resolve(_ keyPath: String, in tree: ModelValue) -> ModelValue? {
        walk(keyPath, from: tree) { value in
            switch value {
            case .dictionary(let entries) where entries[aliasKey] == nil:
                .entries(count: entries.count) { (entries.keys[$0], entries.values[$0]) }
            case .array(let elements):
                .elements(count: elements.count) { elements[$0] }
            default:
                nil
            }
        }
    }

    /// Why a typed document's dictionary or object may not hold `key` (``classKey`` or
    /// ``aliasKey``): the document would read that dictionary back as an object or an alias, so
    /// the writers of typed documents refuse it instead of writing a file that reads back as
    /// something else.
    static func reservedKeyReason(_ key: String) -> ModelError.Reason {
        let reading = key == aliasKey ? "an alias" : "an object of the class it names"
        return .unsupported("the key \(key) is reserved in typed documents, which read a dictionary holding it as \(reading)")
    }

    /// The index a key-path step names in an array: decimal digits without sign, and no
    /// leading zero except for `0` itself.
    static func arrayIndex(_ step: Substring) -> Int? {
        let digits = step.utf8
        guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        if first == UInt8(ascii: "0") { return digits.count == 1 ? 0 : nil }
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(step)
    }

    /// The dotted key path of a position, as aliases spell it: `items.0.owner`, and `$root` for
    /// the root.
    ///
    /// ```swift
    /// TypedTree.keyPath(for: [.key("items"), .index(0)])   // "items.0"
    /// TypedTree.keyPath(for: .root)                          // "$root"
    /// ```
    ///
    /// A key that contains `.` is written as it is (`NS.timeZone.0`); the readers match such a
    /// key against the steps it spells (``walk(_:from:open:)``). HRCoder itself wrote these
    /// paths the same way but could not read them back.
    package static func keyPath(for path: ModelPath) -> String {
        guard !path.components.isEmpty else { return rootKeyPath }
        var result = ""
        for (position, component) in path.components.enumerated() {
            if position > 0 { result += "." }
            switch component {
            case .key(let key): result += key
            case .index(let index): result += String(index)
            }
        }
        return result
    }

    /// The steps of a dotted key path as a ``ModelPath`` (numeric steps as indices); `$root` is
    /// the root.
    static func modelPath(_ keyPath: String) -> ModelPath {
        guard keyPath != rootKeyPath else { return .root }
        return ModelPath(keyPath.split(separator: ".", omittingEmptySubsequences: false).map { step in
            arrayIndex(step).map(ModelPath.Component.index) ?? .key(String(step))
        })
    }
}
