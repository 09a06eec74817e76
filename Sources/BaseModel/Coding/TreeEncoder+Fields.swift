/// Generated coding on the one encoder: a ``GeneratedCoding`` model writes its properties one
/// after another by their plans in the schema's order, with the rules a keyed container applies
/// (remote keys, transformers, uncodable and `nil` properties left out), and no container.
extension TreeEncoder {
    /// Encodes `value`, the value of this encoder: a model with generated coding (in mapped
    /// mode) writes its fields, anything else runs its `encode(to:)`.
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T) throws {
        // A subclass instance under its superclass's schema writes through `encode(to:)`.
        if !plain, let schema, let direct = schema.direct, !(T.self is AnyClass) || Swift.type(of: value as AnyObject) == T.self as? AnyClass {
            beginKeyed()
            // Each plan is written once, and a schema that writes its fields directly has
            // distinct keys: no key can come twice.
            if schema.encodesFieldsDirectly { checksKeys = false }
            var fields = ModelFieldWriter(encoder: self)
            return try direct.write(value, to: &fields)
        }
        try value.encode(to: self)
    }

    /// An optional property: `nil` is left out, as `encodeIfPresent` leaves it out. (Generated
    /// writing runs in mapped mode only; plain mode writes `nil` as null through `encode(to:)`.)
    @inline(__always)
    func encode<T: Encodable>(_ value: T?, plan: PropertyPlan) throws {
        guard let value else { return }
        try encode(value, plan: plan)
    }

    /// Writes a scalar property of generated writing: its key and value straight to the writer
    /// when its plan applies no rule (``PropertyPlan/scalarKey``), the model's dictionary is
    /// open there and no key needs checking for a repeat; otherwise as any property.
    @inline(__always)
    func encodeScalar(_ value: String, plan: PropertyPlan) throws {
        try encodeScalar(value, plan: plan) { $0.writeString(value) }
    }

    /// As ``encodeScalar(_:plan:)-(String,_)``.
    @inline(__always)
    func encodeScalar(_ value: Int, plan: PropertyPlan) throws {
        try encodeScalar(value, plan: plan) { $0.writeInteger(Int64(value)) }
    }

    /// As ``encodeScalar(_:plan:)-(String,_)``.
    @inline(__always)
    func encodeScalar(_ value: Double, plan: PropertyPlan) throws {
        try encodeScalar(value, plan: plan) { $0.writeDouble(value) }
    }

    /// As ``encodeScalar(_:plan:)-(String,_)``.
    @inline(__always)
    func encodeScalar(_ value: Bool, plan: PropertyPlan) throws {
        try encodeScalar(value, plan: plan) { $0.writeBool(value) }
    }

    /// Writes an array of scalars of generated writing: its key, then the array element by
    /// element, as ``encodeScalar(_:plan:)-(String,_)`` writes a scalar (and within the depth
    /// limit, which the array counts against); otherwise as any property. The output is the
    /// one ``EngineEncodedArray`` writes, without boxing the array.
    @inline(__always)
    func encodeScalars(_ value: [Int], plan: PropertyPlan) throws {
        try encodeScalars(value, plan: plan) { writer in
            for number in value { writer.writeInteger(Int64(number)) }
        }
    }

    /// As ``encodeScalars(_:plan:)-([Int],_)``.
    @inline(__always)
    func encodeScalars(_ value: [String], plan: PropertyPlan) throws {
        try encodeScalars(value, plan: plan) { writer in
            for text in value { writer.writeString(text) }
        }
    }

    /// As ``encodeScalars(_:plan:)-([Int],_)``.
    @inline(__always)
    func encodeScalars(_ value: [Double], plan: PropertyPlan) throws {
        try encodeScalars(value, plan: plan) { writer in
            for number in value { writer.writeDouble(number) }
        }
    }

    @inline(__always)
    private func encodeScalars<T: Encodable & Collection>(_ value: T, plan: PropertyPlan, write: (any ModelWriter) -> Void) throws {
        guard state.depth < state.maximumDepth else { return try encode(value, plan: plan) }
        try encodeScalar(value, plan: plan) { writer in
            writer.beginArray(count: value.count)
            write(writer)
            writer.endArray()
        }
    }

    /// `write` puts the value to the writer after its key, when no rule applies.
    @inline(__always)
    private func encodeScalar<T: Encodable>(_ value: T, plan: PropertyPlan, write: (any ModelWriter) -> Void) throws {
        guard let key = plan.scalarKey, mode == .keyed, !checksKeys else { return try encode(value, plan: plan) }
        writer.writeKey(key)
        write(writer)
    }
}
