import Foundation

/// A message for a value a transformer cannot take: "expected a date string in format MM-dd-yyyy".
struct TransformerRefusal: Error, CustomStringConvertible {
    let description: String
}
