/// What generated coding reads a model's stored properties from: the input of one model (a
/// dictionary of a tree, or a dictionary or object node of a format's index), and which property
/// comes next.
///
/// Each ``read(_:)`` reads the next property of the model's schema with the engine's mapping
/// rules: its remote key path, key case, transformer, coercion, the type's subtypes in typed
/// formats, and errors with the property's path.
public struct ModelFieldReader {
    let decoder: TreeDecoder
    let plans: [PropertyPlan]
    /// Per plan, the string number of its key in an index with interned keys (see
    /// ``DecodingState/fieldKeyNumbers(for:)``); empty for other inputs.
    let keyNumbers: [Int32]
    var next = 0

    /// A reader of the model that `decoder` (a model decoder over a dictionary or object) reads.
    init(decoder: TreeDecoder) {
        let schema = decoder.schema!
        self.decoder = decoder
        plans = schema.fieldPlans
        keyNumbers = decoder.keyedNode >= 0 ? decoder.state.fieldKeyNumbers(for: schema) ?? [] : []
    }

    /// The string number of the next plan's key, or −2 (read by name).
    @inline(__always)
    private var nextKeyNumber: Int32 { keyNumbers.isEmpty ? -2 : keyNumbers[next] }

    /// Reads the next property into `value`: its key missing leaves `value` as it is, and
    /// anything else is decoded (a model in place, so its own missing keys keep what `value`
    /// holds).
    ///
    /// - Throws: ``ModelError`` when the value does not fit the property or a transformer refuses
    ///   it, with the property's path.
    @inline(__always)
    public mutating func read<T: Decodable>(_ value: inout T) throws {
        let plan = plans[next]
        let keyNumber = nextKeyNumber
        next &+= 1
        try decoder.readField(&value, plan: plan, keyNumber: keyNumber)
    }

    /// Reads the next property, an optional, into `value`: as ``read(_:)-(T)``, and `null`
    /// clears it.
    ///
    /// - Throws: ``ModelError`` when the value does not fit the property or a transformer refuses
    ///   it, with the property's path.
    @inline(__always)
    public mutating func read<T: Decodable>(_ value: inout T?) throws {
        let plan = plans[next]
        let keyNumber = nextKeyNumber
        next &+= 1
        try decoder.readField(&value, plan: plan, keyNumber: keyNumber)
    }
}
