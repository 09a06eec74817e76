import BaseModel

/// A model with lenient coercion: strings become numbers and booleans, numbers strings, null
/// the default.
struct FuzzSettings: Model, Sendable {
    var volume = 5
    var level: UInt8 = 0
    var muted = false
    var gain = 1.0
    var name = ""
    var modes: [Int] = []
    static var coercion: Coercion { .lenient }
}
