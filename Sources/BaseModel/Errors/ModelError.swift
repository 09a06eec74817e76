import Foundation

/// The error every decoder, encoder and format of the library throws.
///
/// It says what happened (``reason``), where (``path``, in the input's own keys), in which format,
/// and shows a short excerpt of the offending value, so a message such as
///
///     statuses[3].user.followers_count: expected integer, found string "12k" (json)
///
/// is enough to find and fix the payload.
public struct ModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The value has another kind than the property needs.
        case typeMismatch(expected: String, found: String)
        /// The key is absent, and the model gives no default for it.
        case missingValue(expected: String)
        /// The value has the right kind but cannot be used (a transformer refused it, a number
        /// does not fit, a string is not a date).
        case invalidValue(String)
        /// The bytes are not valid in the format (the message says why).
        case malformed(String)
        /// The input ends before the value does.
        case truncated
        /// The input is empty.
        case empty
        /// The operation is not supported for this value or format.
        case unsupported(String)
        /// Reading or writing a file or folder failed: what was done, where, and what the system
        /// said (`code` is the POSIX error number when there is one: `ENOENT` is 2, `EACCES` 13).
        case io(operation: String, path: String, code: Int?, message: String)
        /// A failure of a kind another module defines, named by its domain and code (the crypto
        /// target's `wrongPassword` is `domain: "crypto", code: "wrongPassword"`), with a message
        /// for a person.
        case other(domain: String, code: String, message: String)
        /// A migration step failed: the version it migrates from, its position in that
        /// version's steps (from 1) and its name, and why (see ``ModelMigration``).
        case migrationFailed(fromVersion: Int, step: Int, name: String, message: String)
        /// The saved data was written by a newer version of the model than this one knows, so
        /// saving over it would drop what the newer version added (see ``Model/schemaVersion``).
        case newerVersion(found: Int, known: Int)
        /// Another writer changed, created or deleted the stored entry since this store read it,
        /// and nothing was written: fetch it again, merge, and save (the message says which entry).
        case conflict(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where, from the root of the input.
    public var path: ModelPath
    /// A short excerpt of the offending value or bytes, when there is one.
    public var excerpt: String?
    /// The format being read or written, when known; errors from decoding a tree in memory
    /// name `tree`.
    public var format: ModelFormat?
    /// The byte offset in the input, for syntax errors.
    package var offset: Int?
    /// Where the data that failed to read was moved so nothing overwrites it (the quarantined
    /// file's path, keys or items), when it was: set on the error of
    /// ``SharedModel/reloadSharedInstance()``, as ``SharedInstanceFailure/quarantine`` is, and
    /// named by ``description``.
    package var quarantine: String?

    /// Creates an error.
    public init(
        _ reason: Reason, path: ModelPath = [], excerpt: String? = nil, format: ModelFormat? = nil, offset: Int? = nil
    ) {
        self.reason = reason
        self.path = path
        self.excerpt = excerpt
        self.format = format
        self.offset = offset
    }

    /// One line for a person: path, what was expected and found, the excerpt, the format, and
    /// where the unreadable data was moved when it was.
    public var description: String {
        var message = path.components.isEmpty ? "" : "\(path): "
        switch reason {
        case .typeMismatch(let expected, let found): message += "expected \(expected), found \(found)"
        case .missingValue(let expected): message += "missing value (expected \(expected))"
        case .invalidValue(let why): message += "invalid value: \(why)"
        case .malformed(let why): message += "malformed input: \(why)"
        case .truncated: message += "input ends too early"
        case .empty: message += "input is empty"
        case .unsupported(let why): message += "unsupported: \(why)"
        case .io(let operation, let path, _, let why): message += "cannot \(operation) \(path): \(why)"
        case .other(_, _, let why): message += why
        case .migrationFailed(let version, let step, let name, let why):
            message += "migration from version \(version), step \(step) (\(name)) failed: \(why)"
        case .newerVersion(let found, let known):
            message += "the saved data is version \(found), newer than version \(known) of the model"
        case .conflict(let why): message += "conflict: \(why)"
        }
        if let excerpt { message += " \(excerpt)" }
        var context: [String] = []
        if let format { context.append(format.rawValue) }
        if let offset { context.append("at byte \(offset)") }
        if !context.isEmpty { message += " (\(context.joined(separator: ", ")))" }
        if let quarantine { message += "; moved to \(quarantine)" }
        return message
    }
}

extension ModelError {
    /// An error whose format is named by a string, as the byte-level readers carry it.
    package init(
        _ reason: Reason, path: ModelPath = [], excerpt: String? = nil, format name: String?, offset: Int? = nil
    ) {
        self.init(reason, path: path, excerpt: excerpt, format: name.map(ModelFormat.init(rawValue:)), offset: offset)
    }

    /// An I/O failure of `operation` ("read", "write", "create", …) on `url`, keeping what the
    /// system said and, where there is one, its POSIX error number.
    package static func io(_ operation: String, _ url: URL, _ error: any Error, format: ModelFormat? = nil) -> ModelError {
        ModelError(.io(operation: operation, path: url.path, code: posixCode(of: error), message: error.localizedDescription), format: format)
    }

    /// The POSIX error number behind a Foundation or POSIX error, when there is one.
    private static func posixCode(of error: any Error) -> Int? {
        if let posix = error as? POSIXError { return Int(posix.code.rawValue) }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return bridged.code }
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return underlying.code
        }
        // Foundation on Linux reports some failures as Cocoa codes alone.
        switch (error as? CocoaError)?.code {
        case .fileNoSuchFile?, .fileReadNoSuchFile?: return Int(ENOENT)
        case .fileReadNoPermission?, .fileWriteNoPermission?: return Int(EACCES)
        case .fileWriteOutOfSpace?: return Int(ENOSPC)
        case .fileWriteVolumeReadOnly?: return Int(EROFS)
        case .fileWriteFileExists?: return Int(EEXIST)
        default: return nil
        }
    }
}

extension ModelValue {
    /// A short excerpt of this value for error messages: at most about 40 characters.
    package var excerpt: String {
        let text: String
        switch self {
        case .array(let elements): text = "[… \(elements.count) elements]"
        case .dictionary(let entries): text = "{… \(entries.count) keys}"
        default: text = description
        }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
