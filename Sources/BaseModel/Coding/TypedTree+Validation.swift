extension TypedTree {
    /// How deeply arrays and dictionaries may nest in a typed tree, with the root at level 1:
    /// the current ``DecodingLimits/maximumDepth``.
    package static var maximumDepth: Int { DecodingLimits.current.maximumDepth }

    /// Checks that `tree` is a well-formed typed tree: the root is a dictionary, every `$class`
    /// is a string, and every `$alias` is a string naming a value of the tree that is not itself
    /// an alias. Forward references (an alias before its target in document order) and cycles
    /// (`{"$alias": "$root"}` inside the root) are valid.
    ///
    /// The HR codecs hold their documents to the same rules on their graphs (`HRGraphReader`
    /// reading, `RecordedDocument.validateAliases` writing), with the same errors, so a document
    /// they accept always has aliases that resolve, and they never write one they would refuse
    /// to read; their roots may be of any kind, as HRCoder's are. Whether a `$class` names a
    /// registered type is not checked here: the model decoder decides that for the types it is
    /// asked for.
    ///
    /// ```swift
    /// try TypedTree.validate(["$class": "Node", "next": ["$alias": "$root"]])   // fine
    /// try TypedTree.validate(["$class": "Node", "next": ["$alias": "missing"]])
    /// // next: invalid value: the alias "missing" names nothing in the document
    /// ```
    ///
    /// - Parameters:
    ///   - tree: The typed tree.
    ///   - format: The format name the errors carry (`"hr-json"`, …), or `nil`.
    /// - Throws: ``ModelError`` with the path of the offending value:
    ///   ``ModelError/Reason/typeMismatch(expected:found:)`` for a root that is not a dictionary
    ///   and for a `$class` or `$alias` that is not a string,
    ///   ``ModelError/Reason/invalidValue(_:)`` for an alias that names nothing or names another
    ///   alias, and ``ModelError/Reason/unsupported(_:)`` for nesting deeper than
    ///   ``maximumDepth``.
    ///
    /// Complexity: O(*n*) for a tree of *n* values, plus O(*d*) per alias whose path has *d* steps.
    package static func validate(_ tree: ModelValue, format: String? = nil) throws(ModelError) {
        guard case .dictionary = tree else {
            throw ModelError(.typeMismatch(expected: "dictionary", found: tree.kindName), excerpt: tree.excerpt, format: format)
        }
        var walk = AliasWalk(format: format)
        try walk.visit(tree, depth: 1)
        for alias in walk.aliases {
            guard let target = resolve(alias.target, in: tree) else {
                throw ModelError(
                    .invalidValue("the alias \"\(alias.target)\" names nothing in the document"),
                    path: alias.location, format: format)
            }
            if isAlias(target) {
                throw ModelError(
                    .invalidValue("the alias \"\(alias.target)\" names another alias; an alias must name the object itself"),
                    path: alias.location, format: format)
            }
        }
    }

    /// The walk of ``validate(_:format:)``: checks the reserved keys and collects the aliases.
    private struct AliasWalk {
        let format: String?
        var path: [ModelPath.Component] = []
        var aliases: [(location: ModelPath, target: String)] = []

        init(format: String?) { self.format = format }

        mutating func visit(_ value: ModelValue, depth: Int) throws(ModelError) {
            switch value {
            case .dictionary(let entries):
                try checkDepth(depth)
                if let alias = entries[aliasKey] {
                    guard case .string(let target) = alias else {
                        throw mismatch(key: aliasKey, value: alias)
                    }
                    aliases.append((ModelPath(path), target))
                    return
                }
                if let name = entries[classKey], !isString(name) {
                    throw mismatch(key: classKey, value: name)
                }
                for (key, child) in entries {
                    path.append(.key(key))
                    try visit(child, depth: depth + 1)
                    path.removeLast()
                }
            case .array(let elements):
                try checkDepth(depth)
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    try visit(element, depth: depth + 1)
                    path.removeLast()
                }
            default:
                return
            }
        }

        func checkDepth(_ depth: Int) throws(ModelError) {
            guard depth <= maximumDepth else {
                throw ModelError(
                    DecodingLimits.depthExceeded(maximumDepth),
                    path: ModelPath(path), format: format)
            }
        }

        func mismatch(key: String, value: ModelValue) -> ModelError {
            ModelError(
                .typeMismatch(expected: "string", found: value.kindName),
                path: ModelPath(path + [.key(key)]), excerpt: value.excerpt, format: format)
        }

        func isString(_ value: ModelValue) -> Bool {
            if case .string = value { return true }
            return false
        }
    }
}
