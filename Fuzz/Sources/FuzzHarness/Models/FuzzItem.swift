import BaseModel
import Foundation

/// A child struct: the elements of the fuzzed arrays and dictionaries.
struct FuzzItem: Model, Sendable {
    var label = ""
    var checked = false
    var score: Double?
    var when: Date?
    var children: [FuzzItem] = []
}
