import Foundation

/// Reading scalars and tree-native types out of a ``ModelValue``, honouring the coercion policy.
extension TreeDecoder {
    func unboxBool(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Bool {
        if case .bool(let flag) = value { return flag }
        if coercion == .lenient, let flag = value.looseBool {
            noteConversion(from: value, to: "bool", at: component())
            return flag
        }
        throw mismatch(expected: "bool", found: value, at: component())
    }

    func unboxString(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> String {
        if case .string(let text) = value { return text }
        if coercion == .lenient {
            let converted: String? = switch value {
            case .integer(let number): String(number)
            case .unsignedInteger(let number): String(number)
            case .double(let number): String(number)
            case .bool(let flag): flag ? "true" : "false"
            default: nil
            }
            if let converted {
                noteConversion(from: value, to: "string", at: component())
                return converted
            }
        }
        throw mismatch(expected: "string", found: value, at: component())
    }

    func unboxInteger<I: FixedWidthInteger>(_ type: I.Type, _ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> I {
        switch value {
        case .integer(let number):
            if let exact = I(exactly: number) { return exact }
        case .unsignedInteger(let number):
            if let exact = I(exactly: number) { return exact }
        case .double(let number):
            if let exact = I(exactly: number) { return exact }
        case .string(let text) where coercion == .lenient:
            if let exact = I(text.trimmingCharacters(in: .whitespaces)) {
                noteConversion(from: value, to: "integer", at: component())
                return exact
            }
        case .bool(let flag) where coercion == .lenient:
            noteConversion(from: value, to: "integer", at: component())
            return flag ? 1 : 0
        default:
            break
        }
        if value.numberValue != nil {
            throw ModelError(
                .invalidValue("\(value.excerpt) does not fit in \(I.self)"),
                path: component().map(path(appending:)) ?? path, excerpt: value.excerpt)
        }
        throw mismatch(expected: "integer", found: value, at: component())
    }

    func unboxDouble(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Double {
        if let number = value.numberValue { return number }
        if coercion == .lenient, case .string(let text) = value, let number = Double(text.trimmingCharacters(in: .whitespaces)) {
            noteConversion(from: value, to: "double", at: component())
            return number
        }
        throw mismatch(expected: "number", found: value, at: component())
    }

    func unboxFloat(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Float {
        Float(try unboxDouble(value, at: component()))
    }

    func unboxDate(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Date {
        switch value {
        case .date(let date): return date
        case .string(let text):
            if let date = ISO8601.parse(text) { return date }
            throw ModelError(
                .invalidValue("not an ISO-8601 date (add a date transformer for other formats)"),
                path: component().map(path(appending:)) ?? path, excerpt: value.excerpt)
        default:
            throw mismatch(expected: "date", found: value, at: component())
        }
    }

    func unboxData(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Data {
        switch value {
        case .data(let data): return data
        case .string(let text):
            if let data = Data(base64Encoded: text) { return data }
            throw ModelError(
                .invalidValue("not base64 data"), path: component().map(path(appending:)) ?? path, excerpt: value.excerpt)
        default:
            throw mismatch(expected: "data", found: value, at: component())
        }
    }

    func unboxURL(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> URL {
        guard case .string(let text) = value else { throw mismatch(expected: "URL string", found: value, at: component()) }
        guard let url = URL(string: text) else {
            throw ModelError(.invalidValue("not a URL"), path: component().map(path(appending:)) ?? path, excerpt: value.excerpt)
        }
        return url
    }

    func unboxDecimal(_ value: ModelValue, at component: @autoclosure () -> ModelPath.Component?) throws -> Decimal {
        switch value {
        case .integer(let number): return Decimal(number)
        case .unsignedInteger(let number): return Decimal(number)
        case .double(let number): return Decimal(string: String(number)) ?? Decimal(number)
        case .string(let text) where coercion == .lenient:
            if let decimal = Decimal(string: text) {
                noteConversion(from: value, to: "number", at: component())
                return decimal
            }
        default: break
        }
        throw mismatch(expected: "number", found: value, at: component())
    }
}
