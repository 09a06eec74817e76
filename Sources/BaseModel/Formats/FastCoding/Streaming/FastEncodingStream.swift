import Foundation

/// The state of one streaming encode: the byte writer, the object-cache index of each class
/// instance written, and the per-type kinds.
final class FastEncodingStream {
    var writer = FastWriter(capacity: 16 * 1024)
    let registry: ModelRegistry
    /// Set when a container call (which cannot throw) met something the stream cannot write.
    var unsupported: String?
    private var objectIndices: [ObjectIdentifier: Int] = [:]
    /// Instances written, kept alive so that their identities stay unique during the encode.
    private var retained: [AnyObject] = []
    private let kinds = EncodingState()
    private var depth = 0

    init(registry: ModelRegistry) {
        self.registry = registry
    }

    /// Notes that the stream cannot go on; the encode then takes the tree path.
    func giveUp(_ reason: String) {
        if unsupported == nil { unsupported = reason }
    }

    /// Writes any value as the tree path would write its boxed form.
    func write<T: Encodable>(_ value: T, inheritedKeyCase: KeyCase) throws {
        // Metatype comparisons, as `TreeEncoder.box`: arrays send every element here.
        let type = T.self
        if type == String.self { return try writer.writeString(unsafeBitCast(value, to: String.self)) }
        if type == Int.self { return writer.writeInteger(Int64(unsafeBitCast(value, to: Int.self))) }
        if type == Int64.self { return writer.writeInteger(unsafeBitCast(value, to: Int64.self)) }
        if type == Double.self { return writer.writeDouble(unsafeBitCast(value, to: Double.self)) }
        if type == Bool.self { return writer.writeBool(unsafeBitCast(value, to: Bool.self)) }
        if type == Date.self {
            writer.writeDate(unsafeBitCast(value, to: Date.self))
            return
        }
        if type == Data.self {
            try writer.writeData(unsafeBitCast(value, to: Data.self))
            return
        }
        if type == URL.self { return try writer.writeString(unsafeBitCast(value, to: URL.self).absoluteString) }
        if type == ModelValue.self { return try writeTree(unsafeBitCast(value, to: ModelValue.self)) }
        if type == Decimal.self {
            return writer.writeDouble(NSDecimalNumber(decimal: unsafeBitCast(value, to: Decimal.self)).doubleValue)
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < FastObject.maximumDepth else { throw FastStreamFallback(reason: "nesting too deep") }
        let encoding = kinds.encodingKind(of: type)
        let (kind, definedOrder) = (encoding.kind, encoding.definedOrder)
        if case .model = kind { return try writeModel(value, isClass: T.self is AnyClass) }
        if let array = encoding.array { return try array.writeElements(of: value, to: self, inheritedKeyCase: inheritedKeyCase) }
        let isDictionary = if case .stringKeyedDictionary = kind { true } else { false }
        let encoder = FastStreamEncoder(
            stream: self, keyCase: isDictionary ? .unchanged : inheritedKeyCase, inheritedKeyCase: inheritedKeyCase)
        // Dictionaries and sets in their defined order, as the tree path writes them.
        if definedOrder, let collection = value as? any DefinedOrderEncodable {
            try collection.encodeInDefinedOrder(to: encoder)
        } else {
            try value.encode(to: encoder)
        }
        try encoder.finish()
    }

    /// What writing a model type needs, worked out once per encode: its schema and the name it
    /// is written under.
    private struct ModelInfo {
        let schema: ModelSchema
        let className: String
    }

    private var modelInfos: [ObjectIdentifier: ModelInfo] = [:]

    /// The schema and name of `type`, the dynamic type of a model value.
    private func modelInfo(_ type: Any.Type) -> ModelInfo {
        let id = ObjectIdentifier(type)
        if let known = modelInfos[id] { return known }
        let model = type as! any Model.Type
        let info = ModelInfo(schema: ModelSchema.of(model), className: registry.name(of: model))
        modelInfos[id] = info
        return info
    }

    /// Writes a model as an object of its registered type name, or an alias to it.
    private func writeModel<T: Encodable>(_ value: T, isClass: Bool) throws {
        var identity: ObjectIdentifier?
        // The dynamic type: a `Dog` in an `[Animal]` is written with Dog's schema and name.
        var dynamicType: Any.Type = T.self
        if isClass {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let index = objectIndices[id] { return try writer.writeObjectAlias(index) }
            retained.append(object)
            identity = id
            dynamicType = Swift.type(of: value)
        }
        let info = modelInfo(dynamicType)
        let collector = FastModelCollector(stream: self, schema: info.schema)
        try value.encode(to: collector)
        if let reason = unsupported { throw FastStreamFallback(reason: reason) }
        let entries = collector.entries
        let start = try writer.beginObject(className: info.className, keys: entries.keys.elements, reuse: .widening)
        if let identity { objectIndices[identity] = start.objectIndex }
        if start.keys == entries.keys.elements {
            // The definition is this object's own key list: no lookups.
            for entry in entries.values { try write(entry, keyCase: info.schema.keyCase) }
            return
        }
        for key in start.keys {
            if let entry = entries[key] { try write(entry, keyCase: info.schema.keyCase) } else { writer.writeNil() }
        }
    }

    private func write(_ entry: FastModelCollector.Entry, keyCase: KeyCase) throws {
        switch entry {
        case .value(let tree): try writeTree(tree)
        case .encodable(let property): try write(property, inheritedKeyCase: keyCase)
        }
    }

    /// Writes a plain tree value as ``FastTreeWriter`` does; a typed dictionary (`$class`,
    /// `$alias`) inside one is left to the tree path.
    func writeTree(_ value: ModelValue) throws {
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsignedInteger(number)
        case .double(let number): writer.writeDouble(number)
        case .string(let text): try writer.writeString(text)
        case .data(let bytes): try writer.writeData(bytes)
        case .date(let date): writer.writeDate(date)
        case .array(let elements):
            depth += 1
            defer { depth -= 1 }
            guard depth < FastObject.maximumDepth else { throw FastStreamFallback(reason: "nesting too deep") }
            let mark = try writer.beginCollection(.array, mutable: false, count: elements.count)
            for element in elements { try writeTree(element) }
            writer.endCollection(mark)
        case .dictionary(let entries):
            guard entries[TypedTree.classKey] == nil, entries[TypedTree.aliasKey] == nil else {
                throw FastStreamFallback(reason: "a tree value holding $class or $alias")
            }
            depth += 1
            defer { depth -= 1 }
            guard depth < FastObject.maximumDepth else { throw FastStreamFallback(reason: "nesting too deep") }
            let mark = try writer.beginCollection(.dictionary, mutable: false, count: entries.count)
            for (key, element) in entries {
                try writeTree(element)
                try writer.writeString(key)
            }
            writer.endCollection(mark)
        }
    }
}
