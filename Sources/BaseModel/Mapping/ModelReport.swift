/// What did not fit when a model was built: the payload keys nobody read, the properties that
/// kept their default because the key was missing, and the values that were converted.
///
/// FDModel logged missing and unused keys behind compile flags; here the report is a value you
/// ask for, test against, or log:
///
/// ```swift
/// var report = ModelReport()
/// let game = try Game(object: payload, report: &report)
/// if !report.unusedKeys.isEmpty { logger.notice("\(report)") }
/// ```
public struct ModelReport: Sendable, Hashable, CustomStringConvertible {
    /// A value converted from one kind to another under ``Coercion/lenient``.
    public struct Conversion: Sendable, Hashable {
        /// Where the value was.
        public var path: ModelPath
        /// The kind found in the input.
        public var from: String
        /// The kind the property needed.
        public var to: String
    }

    /// Keys present in the input that no property read, in input order.
    public internal(set) var unusedKeys: [ModelPath] = []
    /// Remote paths of properties that were missing from the input and kept their default.
    public internal(set) var defaultedKeys: [ModelPath] = []
    /// Values converted under lenient coercion.
    public internal(set) var conversions: [Conversion] = []

    /// Creates an empty report.
    public init() {}

    /// Whether everything in the input was used and nothing was missing or converted.
    var isClean: Bool { unusedKeys.isEmpty && defaultedKeys.isEmpty && conversions.isEmpty }

    /// A few lines for a log: each list with its paths.
    public var description: String {
        if isClean { return "ModelReport: clean" }
        var lines = ["ModelReport:"]
        if !unusedKeys.isEmpty { lines.append("  unused keys: " + unusedKeys.map(\.description).joined(separator: ", ")) }
        if !defaultedKeys.isEmpty { lines.append("  defaulted: " + defaultedKeys.map(\.description).joined(separator: ", ")) }
        if !conversions.isEmpty {
            lines.append("  converted: " + conversions.map { "\($0.path) (\($0.from) → \($0.to))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
