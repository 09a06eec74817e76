/// Where a property's value lives in the input: a key, a dotted path into nested dictionaries
/// and arrays, or a list of such paths tried in order.
///
/// Written as a string literal, dots separate keys and a component of digits also indexes an
/// array; a backslash keeps the next character literal, so `"a\\.b"` is the single key `a.b`:
///
/// ```swift
/// static let keyPaths: [String: RemoteKeyPath] = [
///     "id": "game_id",                                  // a key
///     "city": "venue.address.city",                     // nested dictionaries
///     "thumbnail": "images.0.url",                      // an array element
///     "version": .key("v1.2"),                          // a key that contains a dot
///     "releaseDate": .firstOf("release_date", "released"), // fallbacks, first present wins
/// ]
/// ```
///
/// Decoding takes the first alternative that is present in the input (an explicit `null` counts as
/// present); encoding always writes the first alternative.
public struct RemoteKeyPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step of a path: a dictionary key, which also indexes an array when it is all digits.
    struct Component: Sendable, Hashable {
        /// The dictionary key.
        var key: String
        /// The array index, when the key is a non-negative decimal number.
        var index: Int?

        /// Creates a step for `key`.
        init(_ key: String) {
            self.key = key
            self.index = key.isEmpty || key.contains(where: { !$0.isASCII || !$0.isNumber }) ? nil : Int(key)
        }
    }

    /// The alternatives, each a list of steps from the model's dictionary; never empty.
    let alternatives: [[Component]]

    /// Parses a dotted path, honouring backslash escapes.
    init(_ path: String) {
        alternatives = [RemoteKeyPath.parse(path)]
    }

    /// Parses a dotted path, honouring backslash escapes.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    init(components: [Component]) {
        alternatives = [components]
    }

    private init(alternatives: [[Component]]) {
        self.alternatives = alternatives.isEmpty ? [[]] : alternatives
    }

    /// A single key taken literally: dots and backslashes are part of the key.
    public static func key(_ key: String) -> RemoteKeyPath {
        RemoteKeyPath(components: [Component(key)])
    }

    /// Several paths tried in order when decoding; the first is the one written when encoding.
    public static func firstOf(_ first: RemoteKeyPath, _ others: RemoteKeyPath...) -> RemoteKeyPath {
        RemoteKeyPath(alternatives: ([first] + others).flatMap(\.alternatives))
    }

    /// The path written when encoding.
    var primary: [Component] { alternatives[0] }

    /// The first alternative written back in dotted form, with escapes.
    public var description: String {
        alternatives.map { path in
            path.map { $0.key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.") }
                .joined(separator: ".")
        }.joined(separator: " | ")
    }

    private static func parse(_ path: String) -> [Component] {
        var components: [Component] = []
        var current = ""
        var escaping = false
        for character in path {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(Component(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        components.append(Component(current))
        return components
    }
}
