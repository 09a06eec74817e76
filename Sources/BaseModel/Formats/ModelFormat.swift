/// The name of a file format: what `write(to:format:)`, `saveFormat` and the command line name.
///
/// Formats are open: the crypto and keychain targets add their own. Each has a codec registered
/// in ``FormatRegistry``. A format of your own is a static member, as the built-in ones are, so
/// the compiler checks every place that names it:
///
/// ```swift
/// extension ModelFormat {
///     static let yaml = ModelFormat(rawValue: "yaml")
/// }
/// ```
public struct ModelFormat: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The command-line name: `json`, `xml`, `binary`, `keyed-archive`, `hr-xml`, …
    public let rawValue: String

    /// Creates a format name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The command-line name.
    public var description: String { rawValue }

    /// Not a file format: the name errors carry when a tree in memory is decoded or encoded.
    static let tree = ModelFormat(rawValue: "tree")

    /// JSON: dates as ISO-8601 strings in UTC, data as base64. Extension `json`.
    public static let json = ModelFormat(rawValue: "json")
    /// An XML property list of the model's tree. Extension `plist`.
    public static let xmlPropertyList = ModelFormat(rawValue: "xml")
    /// A binary property list of the model's tree. Extension `plist`.
    public static let binaryPropertyList = ModelFormat(rawValue: "binary")
    /// An NSKeyedArchiver archive (binary plist), as BaseModel's default format wrote. Extension `plist`.
    public static let keyedArchive = ModelFormat(rawValue: "keyed-archive")
    /// An HRCoder tree with `$class` and `$alias`, as an XML property list. Extension `plist`.
    public static let hrXML = ModelFormat(rawValue: "hr-xml")
    /// An HRCoder tree with `$class`, `$alias` and `$data`, as JSON. Extension `json`.
    public static let hrJSON = ModelFormat(rawValue: "hr-json")
    /// An HRCoder tree with `$class` and `$alias`, as a binary property list. Extension `plist`.
    public static let hrBinary = ModelFormat(rawValue: "hr-binary")
    /// User defaults: ``SharedModel/save(overwriting:)`` stores one defaults key per codable property in
    /// ``SharedModel/userDefaultsSuite``; written to a file, it is a binary property list, as in BaseModel.
    public static let userDefaults = ModelFormat(rawValue: "user-defaults")
    /// FastCoding 3.3: compact binary with class definitions, string and object aliases,
    /// byte-compatible with the original (see <doc:FilesAndFormats#The-fast-format>). Extension `fast`.
    public static let fast = ModelFormat(rawValue: "fast")
}
