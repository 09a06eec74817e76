/// What an encode of a typed tree remembers: the registry that names types and the first
/// occurrence of each class instance. The instances are retained so their identities stay
/// unique for the whole encode.
final class GraphWriting {
    let registry: ModelRegistry
    var shared: [ObjectIdentifier: SharedObject] = [:]
    var retained: [AnyObject] = []

    init(registry: ModelRegistry) {
        self.registry = registry
    }
}

/// Writing typed trees: a model is an object of its registered name (`$class`), and a class
/// instance met again is an alias to its first occurrence (registered before its children, so
/// a back-reference to an ancestor is an alias too).
extension TreeEncoder {
    func boxGraphModel<T: Encodable>(
        _ value: T, kind: EncodingState.EncodingKind, component: ModelPath.Component?, to writer: any ModelWriter,
        graph: GraphWriting
    ) throws {
        // The dynamic type: a `Dog` in an `[Animal]` is written with Dog's schema and name.
        let info = state.modelInfo(of: value, kind: kind, registry: graph.registry)
        var shared: SharedObject?
        if info.isClass {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            if let first = graph.shared[id] { return writer.writeAlias(to: first) }
            let first = SharedObject(position: component.map { path.appending($0) } ?? path)
            graph.shared[id] = first
            graph.retained.append(object)
            shared = first
        }
        // Generated writing, straight into an object of the writer, for a type whose models
        // so far needed no encoder of their own (their properties are scalars, written without
        // one). (A subclass instance under its superclass's type writes through `encode(to:)`,
        // as `encodeValue` decides.)
        if let direct = info.schema.direct, info.schema.encodesFieldsDirectly, writer === self.writer,
            !info.isClass || Swift.type(of: value as AnyObject) == T.self as? AnyClass
        {
            let opened = info.openedModel(direct: direct)
            if !opened.needsEncoder {
                if let shared { writer.beginShared(shared) }
                let start = writer.mark()
                writer.beginObject(className: info.className)
                var fields = ModelFieldWriter(parent: self, component: component, model: opened, start: start)
                try direct.write(value, to: &fields)
                if let encoder = fields.madeEncoder { encoder.finish() } else { writer.endDictionary() }
                if let shared { writer.endShared(shared) }
                return
            }
        }
        let child = TreeEncoder(
            state: state, writer: writer, parent: self, component: component, schema: info.schema,
            planOrder: info.planOrder, keyCase: info.schema.keyCase, inheritedKeyCase: info.schema.keyCase,
            plain: false, className: info.className)
        if let shared { writer.beginShared(shared) }
        try child.encodeValue(value)
        child.finish()
        if let shared { writer.endShared(shared) }
    }
}
