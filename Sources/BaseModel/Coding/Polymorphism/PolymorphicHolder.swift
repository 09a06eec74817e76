import OrderedCollections

/// A type that holds polymorphic values rather than being one: an optional, an array or a
/// string-keyed dictionary. The engine decodes and encodes its values one by one with a
/// property's ``Polymorphism``, at any depth (`[[Animal]]`, `[String: Animal?]`).
protocol PolymorphicHolder {
    /// The holder read from `input` (below `decoder`, at `component`), its values chosen by
    /// `polymorphism`; `nil` when the holder itself is dropped (an optional whose value the hook
    /// drops). Dropped values are left out of arrays and dictionaries.
    static func decodePolymorphic(
        from input: DecoderInput, in decoder: TreeDecoder, component: ModelPath.Component,
        polymorphism: Polymorphism, remotePath: RemoteKeyPath
    ) throws -> Any?

    /// `value` (a `Self`) as a tree, each model in it tagged by `polymorphism`.
    static func polymorphicTree(
        of value: Any, in encoder: TreeEncoder, component: ModelPath.Component, polymorphism: Polymorphism
    ) throws -> ModelValue
}

extension Optional: PolymorphicHolder {
    static func decodePolymorphic(
        from input: DecoderInput, in decoder: TreeDecoder, component: ModelPath.Component,
        polymorphism: Polymorphism, remotePath: RemoteKeyPath
    ) throws -> Any? {
        if decoder.state.isNull(input) { return Wrapped?.none as Any }
        guard
            let wrapped = try decoder.decodePolymorphic(
                Wrapped.self, from: input, component: component, polymorphism: polymorphism, remotePath: remotePath)
        else { return nil }
        return Wrapped?.some(wrapped) as Any
    }

    static func polymorphicTree(
        of value: Any, in encoder: TreeEncoder, component: ModelPath.Component, polymorphism: Polymorphism
    ) throws -> ModelValue {
        guard let wrapped = value as! Wrapped? else { return .null }
        return try encoder.polymorphicTree(wrapped, component: component, polymorphism: polymorphism)
    }
}

extension Array: PolymorphicHolder {
    static func decodePolymorphic(
        from input: DecoderInput, in decoder: TreeDecoder, component: ModelPath.Component,
        polymorphism: Polymorphism, remotePath: RemoteKeyPath
    ) throws -> Any? {
        let elements: [DecoderInput]
        switch input {
        case .value(.array(let values)):
            elements = values.map(DecoderInput.value)
        case .node(let node):
            let index = decoder.state.index!
            guard case .array(let count) = index.shape(of: node) else {
                throw decoder.mismatch(expected: "array", found: decoder.state.valueForError(of: input), at: component)
            }
            elements = (0..<count).map { .node(index.element(of: node, at: $0)) }
        case .value(let value):
            throw decoder.mismatch(expected: "array", found: value, at: component)
        }
        let owner = decoder.containerDecoder(for: input, at: component)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard
                let decoded = try owner.decodePolymorphic(
                    Element.self, from: element, component: .index(position), polymorphism: polymorphism,
                    remotePath: remotePath)
            else { continue }
            result.append(decoded)
        }
        return result
    }

    static func polymorphicTree(
        of value: Any, in encoder: TreeEncoder, component: ModelPath.Component, polymorphism: Polymorphism
    ) throws -> ModelValue {
        let owner = encoder.arrayEncoder(at: component, writer: TreeWriter())
        var trees: [ModelValue] = []
        for (position, element) in (value as! [Element]).enumerated() {
            trees.append(try owner.polymorphicTree(element, component: .index(position), polymorphism: polymorphism))
        }
        return .array(trees)
    }
}

extension Dictionary: PolymorphicHolder where Key == String {
    static func decodePolymorphic(
        from input: DecoderInput, in decoder: TreeDecoder, component: ModelPath.Component,
        polymorphism: Polymorphism, remotePath: RemoteKeyPath
    ) throws -> Any? {
        let entries: [(String, DecoderInput)]
        switch input {
        case .value(.dictionary(let values)):
            entries = values.map { ($0.key, .value($0.value)) }
        case .node(let node) where decoder.state.index!.isKeyed(node):
            let index = decoder.state.index!
            entries = index.keys(of: node).compactMap { key in
                index.value(of: node, forKey: key, request: -1).map { (key, .node($0)) }
            }
        default:
            throw decoder.mismatch(expected: "dictionary", found: decoder.state.valueForError(of: input), at: component)
        }
        let owner = decoder.containerDecoder(for: input, at: component)
        var result: [String: Value] = [:]
        for (key, entry) in entries {
            result[key] = try owner.decodePolymorphic(
                Value.self, from: entry, component: .key(key), polymorphism: polymorphism, remotePath: remotePath)
        }
        return result
    }

    static func polymorphicTree(
        of value: Any, in encoder: TreeEncoder, component: ModelPath.Component, polymorphism: Polymorphism
    ) throws -> ModelValue {
        let owner = encoder.arrayEncoder(at: component, writer: TreeWriter())
        var trees = OrderedDictionary<String, ModelValue>()
        // Sorted, so the same dictionary writes the same bytes.
        for (key, element) in (value as! [String: Value]).sorted(by: { $0.key < $1.key }) {
            trees[key] = try owner.polymorphicTree(element, component: .key(key), polymorphism: polymorphism)
        }
        return .dictionary(trees)
    }
}
