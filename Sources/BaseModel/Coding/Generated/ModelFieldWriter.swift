/// What generated coding writes a model's stored properties to: the model's dictionary (an
/// object in a typed format) in the output being written, and which property comes next.
///
/// Each ``write(_:)-(T)`` writes the next property of the model's schema with the engine's mapping
/// rules: its remote key (key case, remote key paths), its transformer, and errors with the
/// property's path. Writes of the common scalar types are inlined into the generated code as
/// calls made for that type.
public struct ModelFieldWriter {
    let encoder: TreeEncoder
    let plans: [PropertyPlan]
    var next = 0

    /// A writer of the model `encoder` (a model encoder with its dictionary open) writes.
    init(encoder: TreeEncoder) {
        self.encoder = encoder
        plans = encoder.schema!.fieldPlans
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
        try encoder.encodeScalar(value.baseAddress!.assumingMemoryBound(to: String.self).pointee, plan: nextPlan())
    }

    @usableFromInline mutating func writeInt(_ value: UnsafeRawBufferPointer) throws {
        try encoder.encodeScalar(value.load(as: Int.self), plan: nextPlan())
    }

    @usableFromInline mutating func writeDouble(_ value: UnsafeRawBufferPointer) throws {
        try encoder.encodeScalar(value.load(as: Double.self), plan: nextPlan())
    }

    @usableFromInline mutating func writeBool(_ value: UnsafeRawBufferPointer) throws {
        try encoder.encodeScalar(value.load(as: Bool.self), plan: nextPlan())
    }

    @usableFromInline mutating func writeAny<T: Encodable>(_ value: T) throws {
        try encoder.encode(value, plan: nextPlan())
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
