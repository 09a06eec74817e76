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

    /// The error for a class instance met again below itself while writing a tree without
    /// aliases (JSON, property lists, user defaults, copies): such a tree cannot hold a back
    /// reference, and following it would never end.
    ///
    /// - Parameters:
    ///   - type: the instance's dynamic type.
    ///   - position: where it was met again (the back reference).
    ///   - ancestor: where it is being written.
    static func cycle(of type: Any.Type, at position: ModelPath, ancestor: ModelPath) -> ModelError {
        let name = String(describing: type).split(separator: ".").last.map(String.init) ?? "\(type)"
        return ModelError(
            .unsupported(
                "a cycle: the \(name) at \(position) is an ancestor of itself (at \(ancestor)); plain formats cannot store back references: use a typed format (keyed archive, hr-json, hr-xml, hr-binary, fast) or list the property in uncodableKeys"),
            path: position)
    }
}
