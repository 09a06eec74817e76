/// How strictly a model's values must match its property types.
public enum Coercion: Sendable, Hashable {
    /// Kinds must match: a string never becomes a number. Integral doubles (`1.0`) are accepted for
    /// integer properties and integers for floating-point ones, as `JSONDecoder` does.
    case strict
    /// Convertible values are converted and recorded in the report: `"12"` → 12, `12` → `"12"`,
    /// `1`/`"true"`/`"yes"` → `true`, and an explicit `null` for a non-optional property keeps its
    /// default.
    case lenient
}
