import Foundation

/// Generated coding on the one decoder: a ``GeneratedCoding`` model's properties are read one
/// after another by their plans in the schema's order, with the same lookup, null, transformer,
/// coercion and graph rules as a keyed container applies, and no container.
extension TreeDecoder {
    /// A model of `type` read by this model decoder (made with the type's schema): through its
    /// generated coding when it has one, else through `init(from:)`.
    ///
    /// Generated reading starts from the type's `init()`, so a decoder whose defaults come from
    /// the enclosing model's default for the property (a `Codable` parent) takes `init(from:)`.
    @inline(__always)
    func decodeModel<T: Decodable>(_ type: T.Type) throws -> T {
        guard let schema, let direct = schema.direct, defaultsSource == nil, !state.collectsReport else {
            return try T(from: self)
        }
        if depth > state.maximumDepth { throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: path) }
        try prepareKeyed()
        return try direct.make(type, from: self)
    }

    /// Reads a property of a generated model by its plan into `value`: a missing key leaves it
    /// as it is (unless the property is required), `null` is an error unless coercion is lenient
    /// (which leaves `value` too), a generated model is read in place, and anything else is
    /// decoded as a keyed container decodes it.
    @inline(__always)
    func readField<T: Decodable>(_ value: inout T, plan: PropertyPlan, keyNumber: Int32) throws {
        guard let (input, owner, component) = locate(plan, keyNumber: keyNumber) else {
            if plan.isRequired { throw missingRequired(T.self, plan: plan) }
            return
        }
        if state.index?.hasCycles == true, let reference = deferredBackReference(T.self, to: input, plan: plan) {
            value = reference
            return
        }
        try readFound(&value, input: input, owner: owner, component: component, plan: plan)
    }

    /// For an optional property whose value is an object still being decoded (an ancestor, in
    /// a graph with cycles): `nil` for now, and the back reference recorded, to be set through
    /// ``BackReferencingModel`` once the ancestor is built (what
    /// ``decodeIfPresent(_:forProperty:)`` does for a keyed container); `nil` (no answer) for
    /// any other property or value.
    @inline(never)
    private func deferredBackReference<T>(_ type: T.Type, to target: DecoderInput, plan: PropertyPlan) -> T? {
        guard let graph = state.graph, case .node(let node) = target, graph.openNodes[node] != nil,
            case .node(let ownerNode) = input, let optional = T.self as? any OptionalValue.Type,
            let field = schema?.fieldPlans.firstIndex(where: { $0 === plan })
        else { return nil }
        graph.nodeBackReferences.append((ownerNode, schema!.fieldNames[field], node, path(appending: plan.path.primary)))
        return optional.none as? T
    }

    /// The error for a required property (one without a default) that the input does not give.
    @inline(never)
    func missingRequired<T>(_ type: T.Type, plan: PropertyPlan) -> ModelError {
        ModelError(.missingValue(expected: "\(T.self)"), path: path(appending: plan.path.primary))
    }

    /// Reads a property found at `input` (by `owner`, at `component`) into `value`: see
    /// ``readField(_:plan:keyNumber:)``.
    @inline(__always)
    private func readFound<T: Decodable>(
        _ value: inout T, input: DecoderInput, owner: TreeDecoder, component: ModelPath.Component, plan: PropertyPlan
    ) throws {
        if state.isNull(input) {
            if coercion == .lenient {
                if plan.isRequired { throw missingRequired(T.self, plan: plan) }
                return
            }
            // Strict: decoding reports the null as a value of the wrong kind.
            value = try owner.decodeChild(T.self, from: input, component: component)
            return
        }
        try owner.read(&value, from: input, component: component, plan: plan)
    }

    /// Reads a property of a common scalar type (`String`, `Int`, `Int64`, `Double`, `Bool`) by
    /// its plan into `value`, as ``readField(_:plan:keyNumber:)`` does. An index node found by
    /// key number or position that holds a value of the property's own kind is taken as it is,
    /// with no ``ModelValue``, path component or owner made for it; anything else (null, another
    /// kind, a transformer, a key path, a tree) takes the general rules.
    @inline(__always)
    func readScalarField<T: Decodable>(_ value: UnsafeMutablePointer<T>, plan: PropertyPlan, keyNumber: Int32) throws {
        guard keyNumber != -2, plan.transformer == nil, plan.polymorphism == nil else {
            return try readField(&value.pointee, plan: plan, keyNumber: keyNumber)
        }
        guard let node = indexedField(keyNumber: keyNumber) else { return }
        if let scalar = state.index.unsafelyUnwrapped.exactScalar(node, as: T.self) {
            value.pointee = scalar
            return
        }
        try readIndexedField(&value.pointee, node: node, plan: plan)
    }

    /// ``readScalarField(_:plan:keyNumber:)`` for an optional property: `null` clears it.
    @inline(__always)
    func readOptionalScalarField<T: Decodable>(_ value: UnsafeMutablePointer<T?>, plan: PropertyPlan, keyNumber: Int32) throws {
        guard keyNumber != -2, plan.transformer == nil, plan.polymorphism == nil else {
            return try readField(&value.pointee, plan: plan, keyNumber: keyNumber)
        }
        guard let node = indexedField(keyNumber: keyNumber) else { return }
        let index = state.index.unsafelyUnwrapped
        if let scalar = index.exactScalar(node, as: T.self) {
            value.pointee = scalar
            return
        }
        if index.isNull(node) {
            value.pointee = nil
            return
        }
        try readIndexedField(&value.pointee, node: node, plan: plan)
    }

    /// Reads a property that is an array of `Int`, `String` or `Double` by its plan into `value`,
    /// as ``readField(_:plan:keyNumber:)`` does: an index node found by key number or position
    /// that is an array of elements of that kind alone is taken as it is (as
    /// ``decodeChild(_:node:component:defaultsFrom:)`` takes it), anything else takes the
    /// general rules.
    @inline(__always)
    func readScalarArrayField<Element: Decodable>(_ value: UnsafeMutablePointer<[Element]>, plan: PropertyPlan, keyNumber: Int32) throws {
        guard keyNumber != -2, plan.transformer == nil, plan.polymorphism == nil else {
            return try readField(&value.pointee, plan: plan, keyNumber: keyNumber)
        }
        guard let node = indexedField(keyNumber: keyNumber) else { return }
        if let elements = state.index.unsafelyUnwrapped.exactElements(of: node, as: Element.self) {
            value.pointee = elements
            return
        }
        try readIndexedField(&value.pointee, node: node, plan: plan)
    }

    /// The node of the property whose key number (or position, see
    /// ``DecodingState/fieldPositions(for:ofClass:)``) is `keyNumber`, from this decoder's index
    /// node, as ``locate(_:keyNumber:)`` finds it; `nil` when the input has none.
    @inline(__always)
    private func indexedField(keyNumber: Int32) -> Int32? {
        if keyNumber <= -3 { return state.index.unsafelyUnwrapped.value(of: keyedNode, atPosition: Int(-3 &- keyNumber)) }
        guard keyNumber >= 0,
            let (node, entry) = state.index.unsafelyUnwrapped.value(of: keyedNode, forKeyNumber: keyNumber, from: requests)
        else { return nil }
        requests = entry &+ 1
        return node
    }

    /// A property found at `node` that the scalar fast path does not take, read by the general
    /// rules. Not inlined: it is the rare branch of every scalar field read.
    @inline(never)
    private func readIndexedField<T: Decodable>(_ value: inout T, node: Int32, plan: PropertyPlan) throws {
        try readFound(&value, input: .node(node), owner: self, component: .key(plan.singleKey!), plan: plan)
    }

    /// ``readIndexedField(_:node:plan:)`` for an optional property.
    @inline(never)
    private func readIndexedField<T: Decodable>(_ value: inout T?, node: Int32, plan: PropertyPlan) throws {
        try readFound(&value, input: .node(node), owner: self, component: .key(plan.singleKey!), plan: plan)
    }

    /// ``readField(_:plan:)`` for an optional property: `null` clears it.
    @inline(__always)
    func readField<T: Decodable>(_ value: inout T?, plan: PropertyPlan, keyNumber: Int32) throws {
        guard let (input, owner, component) = locate(plan, keyNumber: keyNumber) else { return }
        try readFound(&value, input: input, owner: owner, component: component, plan: plan)
    }

    /// ``readFound(_:input:owner:component:plan:)`` for an optional property.
    @inline(__always)
    private func readFound<T: Decodable>(
        _ value: inout T?, input: DecoderInput, owner: TreeDecoder, component: ModelPath.Component, plan: PropertyPlan
    ) throws {
        if state.isNull(input) {
            value = nil
            return
        }
        // The common scalars (the types this is called with) decoded as themselves: as a `T?`
        // they would go through `Optional.init(from:)` and a decoder of their own.
        let type = T.self
        if plan.transformer == nil, plan.polymorphism == nil,
            type == String.self || type == Int.self || type == Int64.self || type == Double.self || type == Bool.self
        {
            value = try owner.decodeChild(type, from: state.value(of: input), component: component)
            return
        }
        if plan.transformer == nil, plan.polymorphism == nil, state.graph == nil, case .model(let schema) = state.kind(of: T.self),
            let direct = schema.direct
        {
            // Read in place into the value it has, or into the type's own defaults.
            var model = try value ?? direct.make(T.self, defaultsOnly: ())
            try owner.readModel(into: &model, from: input, component: component, schema: schema, direct: direct)
            value = model
            return
        }
        try owner.read(&value, from: input, component: component, plan: plan)
    }

    /// Where the property of `plan` is in the input, or `nil` when it is not there. With a key
    /// number (an index with interned keys), the dictionary's entries are searched by number
    /// from the entry after the last one found, so keys in the order of the schema are found at
    /// once; an index object's value is taken at the key's position in its class (a number
    /// below −2, see ``DecodingState/fieldPositions(for:ofClass:)``).
    @inline(__always)
    private func locate(_ plan: PropertyPlan, keyNumber: Int32) -> (DecoderInput, TreeDecoder, ModelPath.Component)? {
        if keyNumber >= 0 {
            guard let (node, entry) = state.index!.value(of: keyedNode, forKeyNumber: keyNumber, from: requests) else { return nil }
            requests = entry &+ 1
            return (.node(node), self, .key(plan.singleKey!))
        }
        if keyNumber == -1 { return nil }
        if keyNumber <= -3 {
            guard let node = state.index!.value(of: keyedNode, atPosition: Int(-3 &- keyNumber)) else { return nil }
            return (.node(node), self, .key(plan.singleKey!))
        }
        if let single = plan.singleKey {
            guard let found = entry(single) else { return nil }
            return (found, self, .key(single))
        }
        guard case .found(let found, let owner, let component) = lookup(plan) else { return nil }
        return (found, owner, component)
    }

    /// Decodes a located value that is not null into `value`, through the property's transformer.
    @inline(__always)
    private func read<T: Decodable>(
        _ value: inout T, from input: DecoderInput, component: ModelPath.Component, plan: PropertyPlan
    ) throws {
        if let polymorphism = plan.polymorphism {
            return try readPolymorphic(&value, from: input, component: component, plan: plan, polymorphism: polymorphism)
        }
        if let transformer = plan.transformer {
            let original = try state.value(of: input)
            let transformed: ModelValue
            do {
                transformed = try transformer.decode(original)
            } catch {
                throw ModelError(
                    .invalidValue("\(transformer.name): \(error)"), path: path(appending: component),
                    excerpt: original.excerpt)
            }
            value = try decodeChild(T.self, from: transformed, component: component)
            return
        }
        // The common scalars by metatype identity, before any lookup of the type's kind.
        let type = T.self
        if type == String.self || type == Int.self || type == Int64.self || type == Double.self || type == Bool.self {
            value = try decodeChild(type, from: state.value(of: input), component: component)
            return
        }
        if type == Date.self {
            value = unsafeBitCast(try unboxDate(state.value(of: input), at: component), to: T.self)
            return
        }
        if state.graph == nil, case .model(let schema) = state.kind(of: type), let direct = schema.direct {
            try readModel(into: &value, from: input, component: component, schema: schema, direct: direct)
            return
        }
        value = try decodeChild(type, from: input, component: component)
    }

    /// Decodes a polymorphic property's value into `value`; a dropped value keeps the one the
    /// property has, or is missing for a required property. Kept out of
    /// ``read(_:from:component:plan:)``, which is inlined into every field read: its `T?` would
    /// make each of them look up `Optional<T>`'s metadata.
    @inline(never)
    private func readPolymorphic<T: Decodable>(
        _ value: inout T, from input: DecoderInput, component: ModelPath.Component, plan: PropertyPlan,
        polymorphism: Polymorphism
    ) throws {
        if let decoded = try decodePolymorphic(T.self, from: input, component: component, polymorphism: polymorphism, remotePath: plan.path) {
            value = decoded
        } else if plan.isRequired {
            throw ModelError(.missingValue(expected: "\(T.self)"), path: path(appending: component))
        }
    }

    /// Reads a generated struct model in place from `input` (a dictionary or object; anything
    /// else is decoded as a keyed container would, through `make(from:)`). A class model is
    /// decoded as a new instance instead, as a keyed container would.
    func readModel<T>(
        into value: inout T, from input: DecoderInput, component: ModelPath.Component, schema: ModelSchema,
        direct: any DirectModelReading
    ) throws where T: Decodable {
        // A class instance is never read in place: the default `init()` gave may be shared (a
        // static instance, or a subclass instance whose fields are not `T`'s), and decoding must
        // not change it. A new instance is made and read, as `init(from:)` would.
        if schema.isClass {
            value = try decodeChild(T.self, from: input, component: component)
            return
        }
        let child = makeChild(
            input: input, component: component, schema: schema, keyCase: schema.keyCase,
            inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
        if child.depth > state.maximumDepth { throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: child.path) }
        switch input {
        case .value(.dictionary): break
        case .node(let node) where state.index!.isKeyed(node): break
        default:
            recycle(child)
            value = try decodeChild(T.self, from: input, component: component)
            return
        }
        try child.prepareKeyed()
        try direct.read(into: &value, from: child)
        recycle(child)
    }
}
