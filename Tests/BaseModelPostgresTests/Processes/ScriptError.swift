/// A helper script that failed, with what it said.
struct ScriptError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
