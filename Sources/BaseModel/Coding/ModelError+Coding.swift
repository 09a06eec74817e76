import Foundation

extension ModelError {
    /// Wraps any error thrown while coding into a ``ModelError``, keeping the path of a
    /// `DecodingError`/`EncodingError` thrown by hand-written `Codable` code.
    static func from(_ error: any Error, format: ModelFormat) -> ModelError {
        switch error {
        case var error as ModelError:
            if error.format == nil { error.format = format }
            return error
        case let error as DecodingError:
            let (context, reason): (DecodingError.Context, Reason) = switch error {
            case .typeMismatch(let type, let context): (context, .typeMismatch(expected: "\(type)", found: context.debugDescription))
            case .valueNotFound(let type, let context): (context, .missingValue(expected: "\(type)"))
            case .keyNotFound(let key, let context): (context, .missingValue(expected: "key \(key.stringValue)"))
            case .dataCorrupted(let context): (context, .invalidValue(context.debugDescription))
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), .invalidValue("\(error)"))
            }
            return ModelError(reason, path: ModelPath(context.codingPath.map(\.pathComponent)), format: format)
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return ModelError(.invalidValue(context.debugDescription), path: ModelPath(context.codingPath.map(\.pathComponent)), format: format)
            @unknown default:
                return ModelError(.invalidValue("\(error)"), format: format)
            }
        default:
            return ModelError(.invalidValue(String(describing: error)), format: format)
        }
    }
}
