import Foundation

extension ModelTransformer {
    /// Dates written as strings in a fixed `DateFormatter` format, such as `"MM-dd-yyyy"`.
    ///
    /// Parsing and formatting use the `en_US_POSIX` locale and, unless given, UTC. Common
    /// fixed-width formats are read and written by a fast path that gives the same dates and
    /// strings as `DateFormatter`.
    public static func date(format: String, timeZone: TimeZone = .gmt) -> Typed<Date> {
        let formatter = SendableDateFormatter(format: format, timeZone: timeZone)
        let fast = FixedDateFormat(format, timeZone: timeZone)
        return Typed(
            name: "date(format: \(format))",
            decode: { value in
                if case .date = value { return value }
                guard case .string(let text) = value, let date = fast?.date(from: text) ?? formatter.date(from: text) else {
                    throw TransformerRefusal(description: "expected a date string in the format \(format)")
                }
                return .date(date)
            },
            encode: { value in
                guard case .date(let date) = value else { throw TransformerRefusal.expected("a date", found: value) }
                return .string(fast?.string(from: date) ?? formatter.string(from: date))
            })
    }

    /// ISO-8601 date strings. Reads them with or without fractional seconds; writes whole seconds
    /// (`2014-08-31T00:29:15Z`).
    public static let iso8601 = iso8601(writingFractionalSeconds: false)

    /// ISO-8601 date strings. Reads them with or without fractional seconds; writes milliseconds
    /// (`2014-08-31T00:29:15.250Z`).
    public static let iso8601WithFractionalSeconds = iso8601(writingFractionalSeconds: true)

    private static func iso8601(writingFractionalSeconds: Bool) -> Typed<Date> {
        Typed(
            name: writingFractionalSeconds ? "iso8601WithFractionalSeconds" : "iso8601",
            decode: { value in
                if case .date = value { return value }
                guard case .string(let text) = value, let date = ISO8601.parse(text) else {
                    throw TransformerRefusal(description: "expected an ISO-8601 date string")
                }
                return .date(date)
            },
            encode: { value in
                guard case .date(let date) = value else { throw TransformerRefusal.expected("a date", found: value) }
                return .string(ISO8601.format(date, fractionalSeconds: writingFractionalSeconds))
            })
    }

    /// Dates as numbers of seconds since 1 January 1970 (Unix time).
    public static let secondsSince1970 = numericDate(name: "secondsSince1970", scale: 1, epoch: 0)

    /// Dates as numbers of milliseconds since 1 January 1970 (JavaScript time).
    public static let millisecondsSince1970 = numericDate(name: "millisecondsSince1970", scale: 1000, epoch: 0)

    /// Dates as numbers of seconds since 1 January 2001 (Foundation's reference date).
    public static let secondsSinceReferenceDate = numericDate(
        name: "secondsSinceReferenceDate", scale: 1, epoch: Date.timeIntervalBetween1970AndReferenceDate)

    private static func numericDate(name: String, scale: Double, epoch: TimeInterval) -> Typed<Date> {
        Typed(
            name: name,
            decode: { value in
                if case .date = value { return value }
                guard let number = value.numberValue else {
                    throw TransformerRefusal(description: "expected a number of \(scale == 1 ? "seconds" : "milliseconds")")
                }
                return .date(Date(timeIntervalSince1970: number / scale + epoch))
            },
            encode: { value in
                guard case .date(let date) = value else { throw TransformerRefusal.expected("a date", found: value) }
                let number = (date.timeIntervalSince1970 - epoch) * scale
                if number.rounded() == number, let exact = Int64(exactly: number) { return .integer(exact) }
                return .double(number)
            })
    }

    /// URLs as strings; the string must parse as a URL. Relative strings are kept as written.
    /// For `URL` properties, and `String` ones (`@Transform(.url)` takes either).
    public static let url = Typed<URL>(
        name: "url",
        decode: { value in
            guard case .string(let text) = value, URL(string: text) != nil else {
                throw TransformerRefusal(description: "expected a URL string")
            }
            return value
        },
        encode: { value in
            guard case .string = value else { throw TransformerRefusal.expected("a URL", found: value) }
            return value
        })

    /// UUIDs as strings in any letter case; written in the canonical upper-case form.
    /// For `UUID` properties, and `String` ones (`@Transform(.uuid)` takes either).
    public static let uuid = Typed<UUID>(
        name: "uuid",
        decode: { value in
            guard case .string(let text) = value, let uuid = UUID(uuidString: text) else {
                throw TransformerRefusal(description: "expected a UUID string")
            }
            return .string(uuid.uuidString)
        },
        encode: { value in
            guard case .string = value else { throw TransformerRefusal.expected("a UUID", found: value) }
            return value
        })

    /// A number in the input for a `String` property: `12` is read as `"12"` and written back as 12.
    public static let numberToString = Typed<String>(
        name: "numberToString",
        decode: { value in
            switch value {
            case .integer(let number): return .string(String(number))
            case .unsignedInteger(let number): return .string(String(number))
            case .double(let number): return .string(String(number))
            case .string: return value
            default: throw TransformerRefusal(description: "expected a number")
            }
        },
        encode: { value in
            guard case .string(let text) = value else { throw TransformerRefusal.expected("a string", found: value) }
            return ModelValue.number(parsing: text) ?? value
        })

    /// A numeric string in the input for a number property: `"12"` is read as 12 and written back
    /// as `"12"`. It fits every number type, so it has none of its own: `@Transform(.stringToNumber)`
    /// takes any number property, and a static member made from it says its type with `as:`.
    public static let stringToNumber = ModelTransformer(
        name: "stringToNumber",
        decode: { value in
            switch value {
            case .integer, .unsignedInteger, .double: return value
            case .string(let text):
                guard let number = ModelValue.number(parsing: text) else {
                    throw TransformerRefusal(description: "expected a numeric string")
                }
                return number
            default: throw TransformerRefusal(description: "expected a numeric string")
            }
        },
        encode: { value in
            switch value {
            case .integer(let number): return .string(String(number))
            case .unsignedInteger(let number): return .string(String(number))
            case .double(let number): return .string(String(number))
            default: throw TransformerRefusal.expected("a number", found: value)
            }
        })

    /// Booleans written loosely: `true`/`false`, `"true"`/`"false"`, `"yes"`/`"no"`, `"1"`/`"0"`,
    /// `1`/`0` (any letter case). Written back as a boolean.
    public static let bool = Typed<Bool>(
        name: "bool",
        decode: { value in
            guard let flag = value.looseBool else {
                throw TransformerRefusal(description: "expected true/false, yes/no or 1/0")
            }
            return .bool(flag)
        },
        encode: { value in
            guard case .bool = value else { throw TransformerRefusal.expected("a boolean", found: value) }
            return value
        })

    /// Enumerations from their raw values. An unknown raw value gives `fallback` when one is given,
    /// and is an error otherwise. Numeric strings are accepted for integer raw values.
    public static func enumeration<Value: RawRepresentable & Sendable>(
        _ type: Value.Type, fallback: Value? = nil
    ) -> Typed<Value> where Value.RawValue: Sendable {
        Typed(
            name: "enumeration(\(Value.self))",
            decode: { value in
                if let raw = rawValue(value, as: Value.RawValue.self), Value(rawValue: raw) != nil {
                    return try ModelValue(foundation: raw)
                }
                guard let fallback else {
                    throw TransformerRefusal(description: "\(value.excerpt) is not a raw value of \(Value.self)")
                }
                return try ModelValue(foundation: fallback.rawValue)
            },
            encode: { value in
                guard let raw = rawValue(value, as: Value.RawValue.self), Value(rawValue: raw) != nil else {
                    throw TransformerRefusal.expected("a raw value of \(Value.self)", found: value)
                }
                return value
            })
    }

    private static func rawValue<Raw>(_ value: ModelValue, as: Raw.Type) -> Raw? {
        switch value {
        case .string(let text):
            if let raw = text as? Raw { return raw }
            if let number = Int(text) { return number as? Raw }
            return nil
        case .integer(let number):
            return Int(exactly: number) as? Raw ?? number as? Raw
        default:
            return nil
        }
    }
}

/// A `DateFormatter` fixed at creation and only read afterwards, which Foundation documents as
/// safe to share between threads.
private final class SendableDateFormatter: @unchecked Sendable {
    private let formatter: DateFormatter

    init(format: String, timeZone: TimeZone) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
    }

    func date(from string: String) -> Date? { formatter.date(from: string) }
    func string(from date: Date) -> String { formatter.string(from: date) }
}

/// ISO-8601 parsing with and without fractional seconds, and formatting in UTC.
enum ISO8601 {
    static func parse(_ text: String) -> Date? {
        if let date = try? ISO8601DateFormatStyleCache.withFractionalSeconds.parse(text) { return date }
        return try? ISO8601DateFormatStyleCache.wholeSeconds.parse(text)
    }

    static func format(_ date: Date, fractionalSeconds: Bool) -> String {
        fractionalSeconds
            ? ISO8601DateFormatStyleCache.withFractionalSeconds.format(date)
            : ISO8601DateFormatStyleCache.wholeSeconds.format(date)
    }
}

extension ModelValue {
    /// The value as a `Double` when it is a number, else `nil`.
    var numberValue: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .unsignedInteger(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// A number parsed from a decimal string: an integer when it is one, else a double.
    static func number(parsing text: String) -> ModelValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let unsigned = UInt64(trimmed) { return .unsigned(unsigned) }
        if let double = Double(trimmed), double.isFinite { return .double(double) }
        return nil
    }

    /// The value read loosely as a boolean: bools, 0/1, and "true"/"false"/"yes"/"no"/"1"/"0".
    var looseBool: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .integer(let number) where number == 0 || number == 1: return number == 1
        case .double(let number) where number == 0 || number == 1: return number == 1
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        default: return nil
        }
    }
}
