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
        /// Encrypted bytes failed their integrity check: they were altered or damaged after they
        /// were written (the key itself was right).
        case authenticationFailed
        /// The password or key does not open the encrypted bytes.
        case wrongPassword
        /// The bytes are encrypted and no password or key was available (the message says for what).
        case passwordRequired(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where, from the root of the input.
    public var path: ModelPath
    /// A short excerpt of the offending value or bytes, when there is one.
    public var excerpt: String?
    /// The format being read or written ("json", "tree", …), when known.
    public var format: String?
    /// The byte offset in the input, for syntax errors.
    public var offset: Int?

    /// Creates an error.
    public init(
        _ reason: Reason, path: ModelPath = .root, excerpt: String? = nil, format: String? = nil, offset: Int? = nil
    ) {
        self.reason = reason
        self.path = path
        self.excerpt = excerpt
        self.format = format
        self.offset = offset
    }

    /// One line for a person: path, what was expected and found, the excerpt, the format.
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
        case .authenticationFailed: message += "authentication failed: the encrypted data was altered or damaged"
        case .wrongPassword: message += "wrong password or key"
        case .passwordRequired(let what): message += "a password is required: \(what)"
        }
        if let excerpt { message += " \(excerpt)" }
        var context: [String] = []
        if let format { context.append(format) }
        if let offset { context.append("at byte \(offset)") }
        if !context.isEmpty { message += " (\(context.joined(separator: ", ")))" }
        return message
    }
}

extension ModelValue {
    /// A short excerpt of this value for error messages: at most about 40 characters.
    public var excerpt: String {
        let text: String
        switch self {
        case .array(let elements): text = "[… \(elements.count) elements]"
        case .dictionary(let entries): text = "{… \(entries.count) keys}"
        default: text = description
        }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
