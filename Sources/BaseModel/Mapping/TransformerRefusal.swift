import Foundation

/// A message for a value a transformer cannot take: "expected a date string in format MM-dd-yyyy".
struct TransformerRefusal: Error, CustomStringConvertible {
    let description: String
}

extension TransformerRefusal {
    /// A value of another kind than a transformer writes, as when a table gives a date
    /// transformer to an `Int` property: "expected a date, found integer".
    static func expected(_ what: String, found value: ModelValue) -> TransformerRefusal {
        TransformerRefusal(description: "expected \(what), found \(value.kindName)")
    }
}
