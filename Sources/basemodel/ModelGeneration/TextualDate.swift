import BaseModel

/// The textual date forms a sample's strings are recognised in, each with the transformer that
/// reads it and the spelling of that transformer in generated code. A form is chosen only when
/// every string of a place reads with it and writes back as the same text, so a model keeps
/// the sample's strings exactly.
struct TextualDate: Sendable {
    /// The transformer as Swift code, e.g. `.iso8601`.
    let spelling: String
    let transformer: ModelTransformer

    /// ISO 8601 (with and without fractional seconds), RFC 2822 (`Sat, 30 Aug 2014 17:29:15
    /// +0000`), Twitter's `Sun Aug 31 00:29:15 +0000 2014`, and plain `yyyy-MM-dd` days.
    static let forms: [TextualDate] = [
        TextualDate(spelling: ".iso8601", transformer: .iso8601),
        TextualDate(spelling: ".iso8601WithFractionalSeconds", transformer: .iso8601WithFractionalSeconds),
        formatted("EEE, dd MMM yyyy HH:mm:ss Z"),
        formatted("EEE, d MMM yyyy HH:mm:ss Z"),
        formatted("EEE MMM dd HH:mm:ss Z yyyy"),
        formatted("yyyy-MM-dd"),
        formatted("yyyy-MM-dd HH:mm:ss"),
    ]

    private static func formatted(_ format: String) -> TextualDate {
        TextualDate(spelling: ".date(format: \"\(format)\")", transformer: .date(format: format))
    }

    /// The first form every one of `strings` reads with and writes back unchanged; `nil` when
    /// there are no strings or no form fits them all.
    static func form(of strings: [String]) -> TextualDate? {
        guard !strings.isEmpty else { return nil }
        return forms.first { form in
            strings.allSatisfy { text in
                guard let date = try? form.transformer.decode(.string(text)), case .date = date else { return false }
                return (try? form.transformer.encode(date)) == .string(text)
            }
        }
    }
}
