import Foundation

/// One open array or dictionary: where its elements (and keys) begin on the stacks.
struct JSONFrame {
    var valueStart: Int
    var keyStart: Int
    var isObject: Bool
}
