import OrderedCollections

/// `ModelValue` is `Codable`, so a model can hold an untyped part of its payload
/// (`var extra: ModelValue = .null`). The library's own coders pass trees through unchanged; other
/// coders (`JSONEncoder`, `PropertyListEncoder`) see the natural shapes: null, bool, numbers,
/// string, data, date, arrays and dictionaries in their key order.
extension ModelValue: Codable {
    private struct EntryKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value in its natural shape.
    ///
    /// - Throws: whatever the encoder throws (for example `JSONEncoder` refusing NaN).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .unsignedInteger(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .data(let data):
            var container = encoder.singleValueContainer()
            try container.encode(data)
        case .date(let date):
            var container = encoder.singleValueContainer()
            try container.encode(date)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: EntryKey.self)
            for (key, value) in entries { try container.encode(value, forKey: EntryKey(stringValue: key)) }
        }
    }

    /// Decodes whatever value is there: null, bool, integer, double, string, array or dictionary.
    /// Foreign decoders cannot tell dates and data from strings and numbers, so those arrive as
    /// their encoded form.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of these.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: EntryKey.self) {
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: container.allKeys.count)
            for key in container.allKeys { entries[key.stringValue] = try container.decode(ModelValue.self, forKey: key) }
            self = .dictionary(entries)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [ModelValue] = []
            while !container.isAtEnd { elements.append(try container.decode(ModelValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(UInt64.self) {
            self = .unsigned(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no tree value here"))
        }
    }
}
