import Foundation

/// A URL as FastCoding stores it: a relative string and an optional base URL. URLs share the
/// string cache with strings, so a URL written again (equal relative string and base) is a
/// string alias.
///
/// ```swift
/// let url = FastURL(relative: "foobar", base: FastURL(relative: "http://example.com"))
/// url.absoluteString   // "http://example.com/foobar"
/// ```
struct FastURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL's relative string (`NSURL.relativeString`).
    var relative: String
    // An array holds the recursive base without a class box.
    private var baseStorage: [FastURL]

    /// The base URL, if any.
    var base: FastURL? {
        get { baseStorage.first }
        set { baseStorage = newValue.map { [$0] } ?? [] }
    }

    /// Creates a URL from its relative string and base.
    init(relative: String, base: FastURL? = nil) {
        self.relative = relative
        self.baseStorage = base.map { [$0] } ?? []
    }

    /// The resolved URL string: the relative string against its base, or the relative string
    /// itself when Foundation cannot resolve it.
    var absoluteString: String {
        guard let base else { return relative }
        return Self.resolve(relative, against: base.absoluteString)
    }

    /// `relative` resolved against the URL string `base`, or `relative` itself when Foundation
    /// cannot resolve it.
    static func resolve(_ relative: String, against base: String) -> String {
        guard let baseURL = URL(string: base), let url = URL(string: relative, relativeTo: baseURL) else { return relative }
        return url.absoluteString
    }

    /// The resolved URL string.
    var description: String { absoluteString }

    /// Equal when the relative strings have the same UTF-8 bytes and the bases are equal
    /// (FastCoding's `isEqual:`; Swift's `String ==` would also merge canonically equivalent
    /// strings, which the string cache must not).
    static func == (lhs: FastURL, rhs: FastURL) -> Bool {
        lhs.relative.utf8.elementsEqual(rhs.relative.utf8) && lhs.baseStorage == rhs.baseStorage
    }

    /// Hashes the relative string's bytes and the base.
    func hash(into hasher: inout Hasher) {
        FastStringKey.hashBytes(of: relative, into: &hasher)
        hasher.combine(baseStorage)
    }
}
