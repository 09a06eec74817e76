/// What generated coding writes a model's stored properties to: the model's dictionary (an
/// object in a typed format) in the output being written, and which property comes next.
///
/// Each ``write(_:)-(T)`` writes the next property of the model's schema with the engine's mapping
/// rules: its remote key (key case, remote key paths), its transformer, and errors with the
/// property's path. Writes of the common scalar types are inlined into the generated code as
/// calls made for that type.
///
/// A model is written without an encoder of its own when it can be: a nested struct model
/// (alone or in an array) is opened in place by its parent's writer, and its properties go
/// straight to the output. The first property that needs an encoder (a rule, a value that is
/// not a model or a scalar) makes one, and the encoders of the opened models around it first,
/// so that its path and its errors are the ones the encoder path gives.
public struct ModelFieldWriter {
    /// The model's encoder; for a model opened without one, the nearest encoder around it.
    let encoder: TreeEncoder
    /// The encoder's writer, kept here too: a property written straight to it then costs no
    /// retain of the writer.
    let writer: any ModelWriter
    /// The encoder made for an opened model by the first property that needs one.
    private(set) var madeEncoder: TreeEncoder?
    let plans: [PropertyPlan]
    var next = 0
    /// For a model opened without an encoder: its type, which its encoder needs when it is made.
    private let opened: OpenedModel?
    /// The opened model's step from its parent: its key, or its index in ``arrayComponent``.
    private let component: ModelPath.Component?
    /// For an element of an array opened in place: the array's key in the parent model.
    private let arrayComponent: ModelPath.Component?
    /// The writer (a `ModelFieldWriter`) of the opened model this one is a property of, which
    /// makes its encoder first; `nil` when that model has one, ``encoder``.
    private let outer: UnsafeMutableRawPointer?
    /// Where the opened model's object began in the writer.
    private let start: WriterMark
    /// For an opened model, by field, the numbers the writer gave the keys
    /// (``OpenedModel/keyNumbers(for:)``): a key is then written by its number.
    private let keyNumbers: UnsafeMutablePointer<Int32>?

    /// What opening a model of a type in place needs: made once per type and encode
    /// (``EncodingState/openedModel(of:kind:)``), a class so that handing it on costs one retain.
    final class OpenedModel {
        let schema: ModelSchema
        let direct: any DirectModelReading
        let planOrder: PlanOrder
        /// The registered name, in a typed format.
        let className: String?
        /// Whether a model of the type needed an encoder of its own: a property that is not a
        /// scalar or a model opened in place, or has a rule. Until one does, models of the type
        /// under an encoder are written without one (``TreeEncoder/boxGraphModel``).
        @exclusivity(unchecked) var needsEncoder = false
        /// Per field, the number the writer of ``keyWriter`` gave its key, or `-1`.
        @exclusivity(unchecked) private var keyNumbers = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        /// The writer the key numbers are its: the first one met that numbers keys.
        @exclusivity(unchecked) private var keyWriter: ObjectIdentifier?
        /// Per field, how the encode handles the field's type, once known: the kinds belong to
        /// the encode's state, which outlives this.
        @exclusivity(unchecked) private var fieldKinds = UnsafeMutableBufferPointer<Unmanaged<EncodingState.EncodingKind>?>(start: nil, count: 0)

        init(schema: ModelSchema, direct: any DirectModelReading, planOrder: PlanOrder, className: String?) {
            self.schema = schema
            self.direct = direct
            self.planOrder = planOrder
            self.className = className
        }

        deinit {
            keyNumbers.deallocate()
            fieldKinds.deallocate()
        }

        /// How `state` handles `T`, the type of field `field`: looked up once per field.
        @inline(__always)
        func kind<T>(ofField field: Int, _ type: T.Type, state: EncodingState) -> EncodingState.EncodingKind {
            if let known = fieldKinds.baseAddress?[field] { return known.takeUnretainedValue() }
            return firstKind(ofField: field, type, state: state)
        }

        private func firstKind<T>(ofField field: Int, _ type: T.Type, state: EncodingState) -> EncodingState.EncodingKind {
            if fieldKinds.baseAddress == nil {
                fieldKinds = .allocate(capacity: schema.fieldPlans.count)
                fieldKinds.initialize(repeating: nil)
            }
            let kind = state.encodingKind(of: type)
            fieldKinds[field] = Unmanaged.passUnretained(kind)
            return kind
        }

        /// Where the numbers `writer` gave the type's keys are kept, by field (`-1` for a key not
        /// numbered yet), when it numbers keys (``ModelWriter/numbersKeys``). One writer per
        /// encode takes them: the first met.
        func keyNumbers(for writer: any ModelWriter) -> UnsafeMutablePointer<Int32>? {
            if let keyWriter { return keyWriter == ObjectIdentifier(writer) ? keyNumbers.baseAddress : nil }
            guard writer.numbersKeys, !schema.fieldPlans.isEmpty else { return nil }
            keyWriter = ObjectIdentifier(writer)
            keyNumbers = .allocate(capacity: schema.fieldPlans.count)
            keyNumbers.initialize(repeating: -1)
            return keyNumbers.baseAddress
        }
    }

    /// A writer of the model `encoder` (a model encoder with its dictionary open) writes.
    init(encoder: TreeEncoder) {
        self.encoder = encoder
        writer = encoder.writer
        plans = encoder.schema!.fieldPlans
        opened = nil
        component = nil
        arrayComponent = nil
        outer = nil
        start = WriterMark(offset: 0, depth: 0, count: 0)
        keyNumbers = nil
    }

    /// A writer of a model of `model`'s type whose object began in the writer after `start`,
    /// without an encoder of its own, at `component` below the model of `parent` (below its
    /// array at `arrayComponent`, when set), or of the opened model `outer` writes.
    init(
        parent: TreeEncoder, outer: UnsafeMutableRawPointer? = nil, component: ModelPath.Component?,
        arrayComponent: ModelPath.Component? = nil, model: OpenedModel, start: WriterMark
    ) {
        encoder = parent
        writer = parent.writer
        plans = model.schema.fieldPlans
        opened = model
        self.component = component
        self.arrayComponent = arrayComponent
        self.outer = outer
        self.start = start
        keyNumbers = model.keyNumbers(for: parent.writer)
    }

    /// Writes the next property.
    ///
    /// - Throws: ``ModelError`` when the value cannot be written (a transformer refuses it, a
    ///   cycle, the depth limit), with the property's path.
    @inlinable @inline(__always)
    public mutating func write<T: Encodable>(_ value: T) throws {
        if T.self == String.self { return try withUnsafeBytes(of: value) { try writeString($0) } }
        if T.self == Int.self { return try withUnsafeBytes(of: value) { try writeInt($0) } }
        if T.self == Double.self { return try withUnsafeBytes(of: value) { try writeDouble($0) } }
        if T.self == Bool.self { return try withUnsafeBytes(of: value) { try writeBool($0) } }
        if T.self == [Int].self { return try withUnsafeBytes(of: value) { try writeIntArray($0) } }
        if T.self == [String].self { return try withUnsafeBytes(of: value) { try writeStringArray($0) } }
        if T.self == [Double].self { return try withUnsafeBytes(of: value) { try writeDoubleArray($0) } }
        try writeAny(value)
    }

    /// Writes the next property, an optional: `nil` is left out.
    ///
    /// - Throws: as ``write(_:)-(T)``.
    @inlinable @inline(__always)
    public mutating func write<T: Encodable>(_ value: T?) throws {
        guard let value else { return skip() }
        try write(value)
    }

    // The entry points `write` is inlined to.

    @usableFromInline mutating func writeString(_ value: UnsafeRawBufferPointer) throws {
        try writeString(inPlace: &Self.borrowed(value, as: String.self).pointee)
    }

    private mutating func writeString(inPlace text: inout String) throws {
        try writeScalar(plan: nextPlan()) { $0.writeString(text) } general: { try $0.encodeScalar(text, plan: $1) }
    }

    @usableFromInline mutating func writeInt(_ value: UnsafeRawBufferPointer) throws {
        let number = value.load(as: Int.self)
        try writeScalar(plan: nextPlan()) { $0.writeInteger(Int64(number)) } general: { try $0.encodeScalar(number, plan: $1) }
    }

    @usableFromInline mutating func writeDouble(_ value: UnsafeRawBufferPointer) throws {
        let number = value.load(as: Double.self)
        try writeScalar(plan: nextPlan()) { $0.writeDouble(number) } general: { try $0.encodeScalar(number, plan: $1) }
    }

    @usableFromInline mutating func writeBool(_ value: UnsafeRawBufferPointer) throws {
        let flag = value.load(as: Bool.self)
        try writeScalar(plan: nextPlan()) { $0.writeBool(flag) } general: { try $0.encodeScalar(flag, plan: $1) }
    }

    @usableFromInline mutating func writeIntArray(_ value: UnsafeRawBufferPointer) throws {
        let numbers = value.baseAddress!.assumingMemoryBound(to: [Int].self).pointee
        try writeScalars(numbers, plan: nextPlan()) { writer in
            for number in numbers { writer.writeInteger(Int64(number)) }
        } general: { try $0.encodeScalars(numbers, plan: $1) }
    }

    @usableFromInline mutating func writeStringArray(_ value: UnsafeRawBufferPointer) throws {
        let texts = value.baseAddress!.assumingMemoryBound(to: [String].self).pointee
        try writeScalars(texts, plan: nextPlan()) { writer in
            for text in texts { writer.writeString(text) }
        } general: { try $0.encodeScalars(texts, plan: $1) }
    }

    @usableFromInline mutating func writeDoubleArray(_ value: UnsafeRawBufferPointer) throws {
        let numbers = value.baseAddress!.assumingMemoryBound(to: [Double].self).pointee
        try writeScalars(numbers, plan: nextPlan()) { writer in
            for number in numbers { writer.writeDouble(number) }
        } general: { try $0.encodeScalars(numbers, plan: $1) }
    }

    /// The value of `T` whose bytes `value` views, for a mutating access that borrows it in
    /// place: reading `pointee` would copy it (a retain per reference it holds, released after).
    /// Nothing writes through the pointer.
    @inline(__always)
    private static func borrowed<T>(_ value: UnsafeRawBufferPointer, as type: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(mutating: value.baseAddress!).assumingMemoryBound(to: T.self)
    }

    @usableFromInline mutating func writeAny<T: Encodable>(_ value: T) throws {
        let plan = nextPlan()
        if let key = plan.scalarKey, writesInPlace {
            // The other scalars (`Int64`, `Date`, `URL` …) as the encoder boxes them.
            if let scalar = TreeEncoder.scalar(value) {
                writeKey(key)
                return TreeEncoder.write(scalar, to: writer)
            }
            if try writeNested(value, key: key) { return }
        }
        try modelEncoder().encode(value, plan: plan)
    }

    /// Whether the model's dictionary is open in the writer and takes each key once, unchecked:
    /// always for a model without an encoder, and for a model encoder in its keyed mode.
    private var writesInPlace: Bool {
        guard let encoder = opened == nil ? encoder : madeEncoder else { return true }
        return encoder.mode == .keyed && !encoder.checksKeys
    }

    /// Writes `value` under `key` when it is a struct model with generated writing, or an array
    /// of them, opening each model in place (``writeOpened(at:as:at:inArray:)``); `false`, having
    /// written nothing, for any other value.
    private mutating func writeNested<T: Encodable>(_ value: T, key: String) throws -> Bool {
        let state = encoder.state
        let kind = opened?.kind(ofField: next &- 1, T.self, state: state) ?? state.encodingKind(of: T.self)
        if let array = kind.array { return try array.writeOpenedElements(of: value, key: key, in: &self) }
        guard let model = state.openedModel(of: T.self, kind: kind) else { return false }
        writeKey(key)
        try withUnsafePointer(to: value) { try writeOpened(at: UnsafeRawPointer($0), as: model, at: .key(key), inArray: nil) }
        return true
    }

    /// Writes the model at `value`, of `model`'s type, as an object opened in place at `component` (an index
    /// of the array at `arrayComponent`, when set) below this model, after its key: its
    /// properties go to the writer with a writer of their own, and no encoder unless one of
    /// them needs it. Counts against the depth limit as the encoder's boxing does.
    ///
    /// - Throws: ``ModelError`` when the depth limit is passed, or a property cannot be written,
    ///   with its path.
    mutating func writeOpened(
        at value: UnsafeRawPointer, as model: OpenedModel, at component: ModelPath.Component, inArray arrayComponent: ModelPath.Component?
    ) throws {
        let state = encoder.state
        state.depth += 1
        defer { state.depth -= 1 }
        if state.depth > state.maximumDepth {
            let place = arrayComponent.map { path(of: $0).appending(component) } ?? path(of: component)
            throw ModelError(DecodingLimits.depthExceeded(state.maximumDepth), path: place)
        }
        let writer = writer
        let start = writer.mark()
        if let className = model.className { writer.beginObject(className: className) } else { writer.beginDictionary(count: nil) }
        // The new model's parent is this model's encoder when it has one; otherwise this writer,
        // which makes one first if the new model needs one.
        let hasEncoder = opened == nil || madeEncoder != nil
        let nearest = madeEncoder ?? encoder
        try withUnsafeMutablePointer(to: &self) { this in
            var fields = ModelFieldWriter(
                parent: nearest, outer: hasEncoder ? nil : UnsafeMutableRawPointer(this), component: component,
                arrayComponent: arrayComponent, model: model, start: start)
            try model.direct.write(at: value, to: &fields)
            if let made = fields.madeEncoder { made.finish() } else { writer.endDictionary() }
        }
    }

    /// Writes a scalar: its key and `direct` straight to the writer when the model has no
    /// encoder and the plan applies no rule (``PropertyPlan/scalarKey``; the model's keys are
    /// distinct and its dictionary open), otherwise `general` with the model's encoder.
    @inline(__always)
    private mutating func writeScalar(
        plan: PropertyPlan, direct: (any ModelWriter) -> Void, general: (TreeEncoder, PropertyPlan) throws -> Void
    ) throws {
        if opened == nil { return try general(encoder, plan) }
        if madeEncoder == nil, let key = plan.scalarKey {
            writeKey(key)
            return direct(writer)
        }
        try general(modelEncoder(), plan)
    }

    /// Writes an array of scalars as ``writeScalar(plan:direct:general:)`` writes a scalar,
    /// within the depth limit, which the array counts against.
    @inline(__always)
    private mutating func writeScalars<C: Collection>(
        _ value: C, plan: PropertyPlan, elements: (any ModelWriter) -> Void, general: (TreeEncoder, PropertyPlan) throws -> Void
    ) throws {
        if opened == nil { return try general(encoder, plan) }
        if madeEncoder == nil, let key = plan.scalarKey, encoder.state.depth < encoder.state.maximumDepth {
            writeKey(key)
            writer.beginArray(count: value.count)
            elements(writer)
            return writer.endArray()
        }
        try general(modelEncoder(), plan)
    }

    /// The model's encoder, made now for an opened model that has none, as the parent makes one
    /// for a model after `beginKeyed()`: first the encoders of the opened models around it, and
    /// of the array it is an element of, which give it its path. An opened model's type is then
    /// written with an encoder from the start where its parent is an encoder
    /// (``OpenedModel/needsEncoder``).
    private mutating func modelEncoder() -> TreeEncoder {
        guard let model = opened else { return encoder }
        if let madeEncoder { return madeEncoder }
        var parent = outer?.assumingMemoryBound(to: ModelFieldWriter.self).pointee.modelEncoder() ?? encoder
        if let arrayComponent { parent = parent.arrayEncoder(at: arrayComponent, writer: parent.writer) }
        model.needsEncoder = true
        let made = TreeEncoder(
            state: encoder.state, writer: encoder.writer, parent: parent, component: component, schema: model.schema,
            planOrder: model.planOrder, keyCase: model.schema.keyCase, inheritedKeyCase: model.schema.keyCase,
            plain: false, className: model.className, uniqueKeys: true)
        made.adoptOpenDictionary(since: start)
        madeEncoder = made
        return made
    }

    /// Writes `key`, the key of the current property (the last ``nextPlan()`` gave), straight to
    /// the writer: by number when the model is opened in place.
    @inline(__always)
    func writeKey(_ key: String) {
        guard let keyNumbers else { return writer.writeKey(key) }
        let field = next &- 1
        if keyNumbers[field] < 0 {
            guard let number = writer.number(ofKey: key) else { return writer.writeKey(key) }
            keyNumbers[field] = number
        }
        writer.writeKey(number: keyNumbers[field])
    }

    /// The path of `component` below this model, for an error: it makes the model's encoder.
    mutating func path(of component: ModelPath.Component) -> ModelPath {
        modelEncoder().path.appending(component)
    }

    /// Moves past a property that is not written.
    @usableFromInline mutating func skip() {
        next &+= 1
    }

    /// The plan of the next property, which becomes the current one.
    @inline(__always)
    private mutating func nextPlan() -> PropertyPlan {
        defer { next &+= 1 }
        return plans[next]
    }
}
