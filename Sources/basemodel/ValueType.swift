import ArgumentParser
import BaseModelCrypto
import Foundation

/// The kinds of value `basemodel set --type` reads from its VALUE argument.
enum ValueType: String, CaseIterable, ExpressibleByArgument {
    case string, integer, real, bool, date, data

    /// `text` as a value of this kind.
    ///
    /// - Throws: `ValidationError` saying what the text should look like.
    func value(of text: String) throws -> ModelValue {
        switch self {
        case .string:
            return .string(text)
        case .integer:
            if let number = Int64(text) { return .integer(number) }
            if let number = UInt64(text) { return .unsignedInteger(number) }
            throw ValidationError("\"\(text)\" is not an integer")
        case .real:
            guard let number = Double(text) else { throw ValidationError("\"\(text)\" is not a real number") }
            return .double(number)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw ValidationError("\"\(text)\" is not a bool (true, false, yes, no, 1 or 0)")
            }
        case .date:
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return .date(date) }
            formatter.formatOptions.insert(.withFractionalSeconds)
            if let date = formatter.date(from: text) { return .date(date) }
            throw ValidationError("\"\(text)\" is not an ISO 8601 date such as 2026-11-27T21:40:00Z")
        case .data:
            guard let bytes = Data(base64Encoded: text) else { throw ValidationError("\"\(text)\" is not base64") }
            return .data(bytes)
        }
    }
}
