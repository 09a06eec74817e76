/// What generated coding reads a model's stored properties from: the input of one model (a
/// dictionary of a tree, or a dictionary or object node of a format's index), and which property
/// comes next.
///
/// Each ``read(_:)-(T)`` reads the next property of the model's schema with the engine's mapping
/// rules: its remote key path, key case, transformer, coercion, the type's subtypes in typed
/// formats, and errors with the property's path.
///
/// The reads are inlined into the generated code, so a property of a common scalar type
/// (`String`, `Int`, `Int64`, `Double`, `Bool`, and their optionals) goes straight to code made for
/// that type, with no generic metadata or type lookup per read.
public struct ModelFieldReader {
    let decoder: TreeDecoder
    let plans: [PropertyPlan]
    /// Per plan, the string number of its key in an index with interned keys (see
    /// ``DecodingState/fieldKeyNumbers(for:)``), or its position among the values of an
    /// object of the index (``DecodingState/fieldPositions(for:ofClass:)``); empty for other
    /// inputs.
    let keyNumbers: [Int32]
    var next = 0

    /// A reader of the model that `decoder` (a model decoder over a dictionary or object) reads.
    init(decoder: TreeDecoder) {
        let schema = decoder.schema!
        self.decoder = decoder
        plans = schema.fieldPlans
        if decoder.keyedNode < 0 {
            keyNumbers = []
        } else {
            let node = decoder.state.index![decoder.keyedNode]
            keyNumbers = node.kind == .object
                ? decoder.state.fieldPositions(for: schema, ofClass: node.index) : decoder.state.fieldKeyNumbers(for: schema) ?? []
        }
    }

    /// Reads the next property into `value`: its key missing leaves `value` as it is, and
    /// anything else is decoded (a model in place, so its own missing keys keep what `value`
    /// holds).
    ///
    /// - Throws: ``ModelError`` when the value does not fit the property or a transformer refuses
    ///   it, with the property's path.
    @inlinable @inline(__always)
    public mutating func read<T: Decodable>(_ value: inout T) throws {
        if T.self == String.self { return try withUnsafeMutableBytes(of: &value) { try readString($0) } }
        if T.self == Int.self { return try withUnsafeMutableBytes(of: &value) { try readInt($0) } }
        if T.self == Int64.self { return try withUnsafeMutableBytes(of: &value) { try readInt64($0) } }
        if T.self == Double.self { return try withUnsafeMutableBytes(of: &value) { try readDouble($0) } }
        if T.self == Bool.self { return try withUnsafeMutableBytes(of: &value) { try readBool($0) } }
        if T.self == [Int].self { return try withUnsafeMutableBytes(of: &value) { try readIntArray($0) } }
        if T.self == [String].self { return try withUnsafeMutableBytes(of: &value) { try readStringArray($0) } }
        if T.self == [Double].self { return try withUnsafeMutableBytes(of: &value) { try readDoubleArray($0) } }
        try readAny(&value)
    }

    /// Reads the next property, an optional, into `value`: as ``read(_:)-(T)``, and `null`
    /// clears it.
    ///
    /// - Throws: ``ModelError`` when the value does not fit the property or a transformer refuses
    ///   it, with the property's path.
    @inlinable @inline(__always)
    public mutating func read<T: Decodable>(_ value: inout T?) throws {
        if T.self == String.self { return try withUnsafeMutableBytes(of: &value) { try readOptionalString($0) } }
        if T.self == Int.self { return try withUnsafeMutableBytes(of: &value) { try readOptionalInt($0) } }
        if T.self == Int64.self { return try withUnsafeMutableBytes(of: &value) { try readOptionalInt64($0) } }
        if T.self == Double.self { return try withUnsafeMutableBytes(of: &value) { try readOptionalDouble($0) } }
        if T.self == Bool.self { return try withUnsafeMutableBytes(of: &value) { try readOptionalBool($0) } }
        // As a value of type `T?`, whose metadata this specialized caller has at hand: a generic
        // entry taking `T` would look `Optional<T>` up at run time on every call.
        try readAny(&value)
    }

    /// Moves past the next property without reading it: a constant (`let` with a default),
    /// which `init(from:)` does not read either.
    public mutating func skip() {
        next &+= 1
    }

    // The entry points `read` is inlined to: one per common type (the pointer is to a value of
    // that type), and the generic rest.

    @usableFromInline mutating func readString(_ value: UnsafeMutableRawBufferPointer) throws { try readNext(value, as: String.self) }
    @usableFromInline mutating func readInt(_ value: UnsafeMutableRawBufferPointer) throws { try readNext(value, as: Int.self) }
    @usableFromInline mutating func readInt64(_ value: UnsafeMutableRawBufferPointer) throws { try readNext(value, as: Int64.self) }
    @usableFromInline mutating func readDouble(_ value: UnsafeMutableRawBufferPointer) throws { try readNext(value, as: Double.self) }
    @usableFromInline mutating func readBool(_ value: UnsafeMutableRawBufferPointer) throws { try readNext(value, as: Bool.self) }
    @usableFromInline mutating func readOptionalString(_ value: UnsafeMutableRawBufferPointer) throws {
        try readNextOptional(value, as: String.self)
    }
    @usableFromInline mutating func readOptionalInt(_ value: UnsafeMutableRawBufferPointer) throws { try readNextOptional(value, as: Int.self) }
    @usableFromInline mutating func readOptionalInt64(_ value: UnsafeMutableRawBufferPointer) throws {
        try readNextOptional(value, as: Int64.self)
    }
    @usableFromInline mutating func readOptionalDouble(_ value: UnsafeMutableRawBufferPointer) throws {
        try readNextOptional(value, as: Double.self)
    }
    @usableFromInline mutating func readOptionalBool(_ value: UnsafeMutableRawBufferPointer) throws { try readNextOptional(value, as: Bool.self) }

    @usableFromInline mutating func readIntArray(_ value: UnsafeMutableRawBufferPointer) throws { try readNextArray(value, of: Int.self) }
    @usableFromInline mutating func readStringArray(_ value: UnsafeMutableRawBufferPointer) throws { try readNextArray(value, of: String.self) }
    @usableFromInline mutating func readDoubleArray(_ value: UnsafeMutableRawBufferPointer) throws { try readNextArray(value, of: Double.self) }

    @usableFromInline mutating func readAny<T: Decodable>(_ value: inout T) throws {
        let (plan, keyNumber) = advance()
        try decoder.readField(&value, plan: plan, keyNumber: keyNumber)
    }

    @inline(__always)
    private mutating func readNext<T: Decodable>(_ value: UnsafeMutableRawBufferPointer, as type: T.Type) throws {
        let (plan, keyNumber) = advance()
        try decoder.readScalarField(value.baseAddress!.assumingMemoryBound(to: T.self), plan: plan, keyNumber: keyNumber)
    }

    @inline(__always)
    private mutating func readNextOptional<T: Decodable>(_ value: UnsafeMutableRawBufferPointer, as type: T.Type) throws {
        let (plan, keyNumber) = advance()
        try decoder.readOptionalScalarField(value.baseAddress!.assumingMemoryBound(to: T?.self), plan: plan, keyNumber: keyNumber)
    }

    @inline(__always)
    private mutating func readNextArray<Element: Decodable>(_ value: UnsafeMutableRawBufferPointer, of type: Element.Type) throws {
        let (plan, keyNumber) = advance()
        try decoder.readScalarArrayField(value.baseAddress!.assumingMemoryBound(to: [Element].self), plan: plan, keyNumber: keyNumber)
    }

    /// The next property's plan and key number, moving past it.
    @inline(__always)
    private mutating func advance() -> (PropertyPlan, Int32) {
        let plan = plans[next]
        let keyNumber = keyNumbers.isEmpty ? -2 : keyNumbers[next]
        next &+= 1
        return (plan, keyNumber)
    }
}
