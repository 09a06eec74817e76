/// What generated coding writes a model's stored properties to: the model's dictionary (an
/// object in a typed format) in the output being written, and which property comes next.
///
/// Each ``write(_:)-(T)`` writes the next property of the model's schema with the engine's mapping
/// rules: its remote key (key case, remote key paths), its transformer, and errors with the
/// property's path. Writes of the common scalar types are inlined into the generated code as
/// calls made for that type.
public struct ModelFieldWriter {
    /// The model's encoder; for a model opened without one, its parent's.
    let encoder: TreeEncoder
    /// Whether the model was opened without an encoder (``init(parent:component:info:start:)``).
    let opened: Bool
    /// The encoder made for an opened model by the first property that needs one.
    private(set) var madeEncoder: TreeEncoder?
    let plans: [PropertyPlan]
    var next = 0
    // What makes an opened model's encoder.
    private let info: EncodingState.ModelInfo?
    private let component: ModelPath.Component?
    private let start: WriterMark

    /// A writer of the model `encoder` (a model encoder with its dictionary open) writes.
    init(encoder: TreeEncoder) {
        self.encoder = encoder
        opened = false
        plans = encoder.schema!.fieldPlans
        info = nil
        component = nil
        start = WriterMark(offset: 0, depth: 0, count: 0)
    }

    /// A writer of a model whose object `parent` began in its writer after `start` (at
    /// `component`, with its keys distinct), without an encoder of its own: properties written
    /// straight to the writer need none, and the first that needs one makes it. A model of
    /// scalars is written without allocating one.
    init(parent: TreeEncoder, component: ModelPath.Component?, info: EncodingState.ModelInfo, start: WriterMark) {
        encoder = parent
        opened = true
        plans = info.schema.fieldPlans
        self.info = info
        self.component = component
        self.start = start
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
        if !opened { return try encoder.encode(value, plan: nextPlan()) }
        try modelEncoder().encode(value, plan: nextPlan())
    }

    /// Writes a scalar: its key and `direct` straight to the writer when the model has no
    /// encoder and the plan applies no rule (``PropertyPlan/scalarKey``; the model's keys are
    /// distinct and its dictionary open), otherwise `general` with the model's encoder.
    @inline(__always)
    private mutating func writeScalar(
        plan: PropertyPlan, direct: (any ModelWriter) -> Void, general: (TreeEncoder, PropertyPlan) throws -> Void
    ) throws {
        if !opened { return try general(encoder, plan) }
        if madeEncoder == nil, let key = plan.scalarKey {
            encoder.writer.writeKey(key)
            return direct(encoder.writer)
        }
        try general(modelEncoder(), plan)
    }

    /// Writes an array of scalars as ``writeScalar(plan:direct:general:)`` writes a scalar,
    /// within the depth limit, which the array counts against.
    @inline(__always)
    private mutating func writeScalars<C: Collection>(
        _ value: C, plan: PropertyPlan, elements: (any ModelWriter) -> Void, general: (TreeEncoder, PropertyPlan) throws -> Void
    ) throws {
        if !opened { return try general(encoder, plan) }
        if madeEncoder == nil, let key = plan.scalarKey, encoder.state.depth < encoder.state.maximumDepth {
            let writer = encoder.writer
            writer.writeKey(key)
            writer.beginArray(count: value.count)
            elements(writer)
            return writer.endArray()
        }
        try general(modelEncoder(), plan)
    }

    /// The model's encoder, made now for an opened model that has none: what the parent makes
    /// for a model, after `beginKeyed()`. The model's type is then written with an encoder from
    /// the start (``EncodingState/ModelInfo/needsEncoder``).
    private mutating func modelEncoder() -> TreeEncoder {
        guard opened else { return encoder }
        if let madeEncoder { return madeEncoder }
        let info = info!
        info.needsEncoder = true
        let made = TreeEncoder(
            state: encoder.state, writer: encoder.writer, parent: encoder, component: component, schema: info.schema,
            planOrder: info.planOrder, keyCase: info.schema.keyCase, inheritedKeyCase: info.schema.keyCase,
            plain: false, className: info.className, uniqueKeys: true)
        made.adoptOpenDictionary(since: start)
        madeEncoder = made
        return made
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
