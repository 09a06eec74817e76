import Foundation

/// Reads an HRCoder document into a graph: the document (a JSON or property-list graph, as its
/// reader made it) with HRCoder's spellings undone, as HRCoder 1.3.3 decodes them.
///
/// | in the document | in the graph |
/// |---|---|
/// | `{"$alias": "items.0"}` | the node at that key path: the same object (`$root` is the root, so an ancestor is a cycle) |
/// | `{"$class": "Item", …}` | an object of class `Item` with the other keys |
/// | `{"$data": "<base64>"}` (any `$class`) | data (``GraphFlags/mutable`` for `NSMutableData`) |
/// | `{"$class": "NSNull"}` | null |
/// | `{"$class": "NSDate", "NS.time": seconds since 2001}` | a date |
/// | `{"$class": "NSString" or "NSMutableString", "NS.string": text}` | a string (``GraphFlags/mutable`` for the mutable one) |
/// | `{"$class": "NSData" or "NSMutableData", "NS.data": bytes}` | data |
/// | `{"$class": "NSURL", "NS.relative": text, "NS.base": URL?}` | a string, the absolute URL when it resolves (``GraphVariant/url``) |
///
/// Everything else is as it is: a dictionary without `$class` is a plain dictionary, and the
/// root may be any value (HRCoder writes a plain array or dictionary root without `$class`).
/// An alias names a place in the document as written, so it may point forward (it is resolved
/// once the whole document is read); a path never runs through an alias, and an alias may not
/// name another. A container the underlying document refers to twice (a binary property list
/// stores equal dictionaries once) is read at each place, as HRCoder reads it: only an alias
/// makes the same object, and copies count towards ``DecodingLimits/maximumValues``.
struct HRGraphReader {
    /// The class names read as values (the table above); writers refuse objects of these names.
    static let foundationValueClasses = DocumentRecorder.foundationValueClasses

    private let source: InputIndex
    private let format: String
    private var builder: GraphBuilder
    private let maximumValues: Int
    private var steps: [ModelPath.Component] = []
    /// The aliases met, in document order: their target paths and their places.
    private var aliases: [(target: String, place: ModelPath)] = []

    /// The graph of the HR document `source`, read from `byteCount` bytes.
    ///
    /// - Throws: ``ModelError`` with `format` and the path of the problem: a `$class` or
    ///   `$alias` that is not a string, `$data` that is not base64, a Foundation value without its
    ///   field (``ModelError/Reason/missingValue(expected:)``) or with one of the wrong kind, an
    ///   alias that names nothing or another alias (``ModelError/Reason/invalidValue(_:)``), and
    ///   copies past ``DecodingLimits/maximumValues``.
    static func graph(of source: InputIndex, byteCount: Int, format: String) throws(ModelError) -> InputIndex {
        var reader = HRGraphReader(source: source, byteCount: byteCount, format: format)
        let root = try reader.read(source.root)
        return try reader.resolveAliases(root: root)
    }

    private init(source: InputIndex, byteCount: Int, format: String) {
        self.source = source
        self.format = format
        builder = GraphBuilder(strings: source.strings, data: source.data, keyNumbers: source.keyNumbers)
        maximumValues = max(DecodingLimits.current.values(forInputOf: byteCount), source.nodeCount)
    }

    // MARK: Values

    /// The node of the value at `node` of the document, or a placeholder for an alias
    /// (`-2 - n` for the n-th alias).
    private mutating func read(_ node: Int32) throws(ModelError) -> Int32 {
        let value = source[node]
        guard builder.nodeCount < maximumValues else {
            throw ModelError(DecodingLimits.valuesExceeded(maximumValues), path: ModelPath(steps), format: format)
        }
        switch value.kind {
        case .array:
            let array = builder.open(.array, flags: value.flags, variant: value.variant)
            for (position, child) in source.childRange(of: value).enumerated() {
                steps.append(.index(position))
                builder.add(try read(source.child(child)))
                steps.removeLast()
            }
            builder.close()
            return array
        case .dictionary:
            return try dictionary(node, value)
        case .object:
            // Neither JSON nor property lists have objects.
            throw ModelError(.unsupported("an object in the document under an HR document"), path: ModelPath(steps), format: format)
        default:
            return builder.copyScalar(value)
        }
    }

    private mutating func dictionary(_ node: Int32, _ value: InputIndex.Node) throws(ModelError) -> Int32 {
        var alias: Int32?, className: Int32?, encoded: Int32?
        for position in 0..<Int(value.count) {
            let (key, child) = entry(of: node, value, at: position)
            guard key.utf8.first == UInt8(ascii: "$") else { continue }
            switch key {
            case TypedTree.aliasKey: alias = child
            case TypedTree.classKey: className = child
            case DocumentRecorder.dataKey: encoded = child
            default: break
            }
        }
        if let alias {
            guard let target = string(alias) else { throw mismatch(TypedTree.aliasKey, expected: "string", found: alias) }
            aliases.append((target, ModelPath(steps)))
            return -2 - Int32(truncatingIfNeeded: aliases.count - 1)
        }
        var name: String?
        if let className {
            guard let text = string(className) else { throw mismatch(TypedTree.classKey, expected: "string", found: className) }
            name = text
        }
        if let encoded {
            return builder.data(try base64(encoded), flags: name == "NSMutableData" ? .mutable : [])
        }
        if let name, Self.foundationValueClasses.contains(name) {
            return try foundationValue(name, node, value)
        }
        let result = builder.open(.dictionary)
        for position in 0..<Int(value.count) {
            let (key, child) = entry(of: node, value, at: position)
            if name != nil, key == TypedTree.classKey { continue }
            builder.addKey(number: keyNumber(node, value, at: position))
            steps.append(.key(key))
            builder.add(try read(child))
            steps.removeLast()
        }
        if let name { builder.closeObject(className: name) } else { builder.close() }
        return result
    }

    // MARK: Foundation values

    /// The value of a Foundation object HRCoder wrote as a coded object.
    private mutating func foundationValue(_ name: String, _ node: Int32, _ value: InputIndex.Node) throws(ModelError) -> Int32 {
        switch name {
        case "NSNull":
            return builder.null()
        case "NSDate":
            let field = "NS.time"
            let seconds: Double
            let time = self.field(field, of: node)
            switch time.map({ source[$0] }) {
            case let number? where number.kind == .integer: seconds = Double(number.integer)
            case let number? where number.kind == .unsignedInteger: seconds = Double(number.payload)
            case let number? where number.kind == .double: seconds = number.double
            default: throw fieldError(field, expected: "number", found: time)
            }
            guard seconds.isFinite else {
                throw ModelError(
                    .invalidValue("a date must be a finite number of seconds"),
                    path: ModelPath(steps + [.key(field)]), excerpt: String(seconds), format: format)
            }
            return builder.date(Date(timeIntervalSinceReferenceDate: seconds))
        case "NSString", "NSMutableString":
            let field = "NS.string"
            guard let text = self.field(field, of: node), source[text].kind == .string else {
                throw fieldError(field, expected: "string", found: self.field(field, of: node))
            }
            return builder.append(.string, payload: source[text].payload, flags: name == "NSMutableString" ? .mutable : [])
        case "NSData", "NSMutableData":
            let field = "NS.data"
            let found = self.field(field, of: node)
            guard let bytes = try readField(field, found), bytes >= 0, builder.nodes[Int(bytes)].kind == .data else {
                throw fieldError(field, expected: "data", found: found)
            }
            if name == "NSMutableData" { builder.setFlags(.mutable, of: bytes) }
            return bytes
        default:
            let relativeField = "NS.relative", baseField = "NS.base"
            guard let relative = field(relativeField, of: node).flatMap(string) else {
                throw fieldError(relativeField, expected: "string", found: field(relativeField, of: node))
            }
            let baseValue = field(baseField, of: node)
            var text = relative
            if let base = try readField(baseField, baseValue) {
                switch base >= 0 ? builder.nodes[Int(base)].kind : .dictionary {
                case .null: break
                case .string:
                    let baseText = builder.strings[builder.nodes[Int(base)].index]
                    text = URL(string: baseText).flatMap { URL(string: relative, relativeTo: $0) }?.absoluteString ?? relative
                default:
                    throw fieldError(baseField, expected: "string", found: baseValue)
                }
            }
            return builder.string(text, variant: .url)
        }
    }

    /// The field's value read as any other value (a nested coded object is read first).
    private mutating func readField(_ field: String, _ node: Int32?) throws(ModelError) -> Int32? {
        guard let node else { return nil }
        steps.append(.key(field))
        defer { steps.removeLast() }
        return try read(node)
    }

    // MARK: Aliases

    /// Resolves every alias, in document order, and puts its target where it stood.
    private mutating func resolveAliases(root: Int32) throws(ModelError) -> InputIndex {
        guard !aliases.isEmpty else { return builder.index(root: root) }
        var targets: [Int32] = []
        targets.reserveCapacity(aliases.count)
        for (target, place) in aliases {
            guard let found = resolve(target, root: root) else {
                throw ModelError(.invalidValue("the alias \"\(target)\" names nothing in the document"), path: place, format: format)
            }
            guard found >= 0 else {
                throw ModelError(
                    .invalidValue("the alias \"\(target)\" names another alias; an alias must name the object itself"),
                    path: place, format: format)
            }
            targets.append(found)
        }
        builder.replaceChildren { targets[Int(-2 - $0)] }
        let index = builder.index(root: root)
        index.measureSharing()
        return index
    }

    /// The node (or alias placeholder) a dotted key path names, as ``TypedTree/resolve(_:in:)``
    /// walks a tree: a path never runs through an alias.
    private func resolve(_ keyPath: String, root: Int32) -> Int32? {
        TypedTree.walk(keyPath, from: root) { current in
            guard current >= 0 else { return nil }
            let node = builder.nodes[Int(current)]
            let first = Int(node.first)
            switch node.kind {
            case .dictionary:
                return .entries(count: Int(node.count)) {
                    (builder.strings[Int(builder.children[first + 2 * $0])], builder.children[first + 2 * $0 + 1])
                }
            case .object:
                let keys = builder.classes[node.index].keys
                return .entries(count: keys.count) { (keys[$0], builder.children[first + $0]) }
            case .array:
                return .elements(count: Int(node.count)) { builder.children[first + $0] }
            default:
                return nil
            }
        }
    }

    // MARK: The document

    private func entry(of node: Int32, _ value: InputIndex.Node, at position: Int) -> (key: String, value: Int32) {
        source.entry(of: node, at: position)
    }

    private func keyNumber(_ node: Int32, _ value: InputIndex.Node, at position: Int) -> Int32 {
        source.children[Int(value.first) + 2 * position]
    }

    /// The value of `key` in dictionary `node` of the document.
    private func field(_ key: String, of node: Int32) -> Int32? {
        source.value(of: node, forKey: key, request: -1)
    }

    private func string(_ node: Int32) -> String? {
        let value = source[node]
        return value.kind == .string ? source.strings[value.index] : nil
    }

    /// The bytes of a `$data` string: standard base64 with padding, ASCII white space skipped
    /// (``HRBase64``).
    private func base64(_ node: Int32) throws(ModelError) -> Data {
        guard let text = string(node) else { throw mismatch(DocumentRecorder.dataKey, expected: "base64 string", found: node) }
        guard let bytes = HRBase64.decode(text) else {
            throw ModelError(
                .invalidValue("\(DocumentRecorder.dataKey) is not valid base64"),
                path: ModelPath(steps + [.key(DocumentRecorder.dataKey)]), excerpt: ModelValue.string(text).excerpt, format: format)
        }
        return bytes
    }

    // MARK: Errors

    private func mismatch(_ key: String, expected: String, found node: Int32) -> ModelError {
        let found = try? source.tree(at: node)
        return ModelError(
            .typeMismatch(expected: expected, found: found?.kindName ?? "nothing"),
            path: ModelPath(steps + [.key(key)]), excerpt: found?.excerpt, format: format)
    }

    private func fieldError(_ field: String, expected: String, found node: Int32?) -> ModelError {
        guard let node else {
            return ModelError(.missingValue(expected: expected), path: ModelPath(steps + [.key(field)]), format: format)
        }
        return mismatch(field, expected: expected, found: node)
    }
}
