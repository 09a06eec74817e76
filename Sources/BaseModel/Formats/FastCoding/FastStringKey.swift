/// An entry of the string cache: a string compared by its UTF-8 bytes (as `NSString`'s
/// `isEqual:` compares code units, where Swift's `==` would merge "é" and "e\u{301}"), or a URL.
enum FastStringKey: Hashable, Sendable {
    case string(String)
    case url(FastURL)

    static func == (lhs: FastStringKey, rhs: FastStringKey) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): ExactString.same(a, b)
        case (.url(let a), .url(let b)): a == b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text): Self.hashBytes(of: text, into: &hasher)
        case .url(let url): hasher.combine(1 as UInt8); hasher.combine(url)
        }
    }

    /// Hashes the UTF-8 bytes of `text` (their ``ByteHash``).
    static func hashBytes(of text: String, into hasher: inout Hasher) {
        hasher.combine(ByteHash.hash(of: text))
    }
}
