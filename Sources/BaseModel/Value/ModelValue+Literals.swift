import OrderedCollections

extension ModelValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension ModelValue: ExpressibleByIntegerLiteral {
    /// Creates ``integer(_:)``.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension ModelValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension ModelValue: ExpressibleByStringLiteral {
    /// Creates ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension ModelValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)``.
    public init(arrayLiteral elements: ModelValue...) { self = .array(elements) }
}

extension ModelValue: ExpressibleByDictionaryLiteral {
    /// Creates ``dictionary(_:)`` keeping the literal's key order. A repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, ModelValue)...) {
        var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: elements.count)
        for (key, value) in elements { entries[key] = value }
        self = .dictionary(entries)
    }
}
