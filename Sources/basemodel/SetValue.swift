import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel set KEYPATH VALUE FILE [--type T | --json]`: changes a value in place.
struct SetValue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the value at a key path of a file, in place.",
        discussion: """
            VALUE is a string unless --type says otherwise (integer, real, bool as true/false, date \
            in ISO 8601, data in base64), or JSON with --json (a dictionary with "$class" is an \
            object of that class). The place may be new: a key is added at the end of its \
            dictionary or object, an index equal to an array's count appends. KEYPATH is a key \
            path as extract takes it; a path whose container is missing exits with status 1. \
            Put -- before the arguments when VALUE starts with a dash: set -- n -1 FILE.

            \(FileGraph.keptByAnEdit)

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The key path (a.b.0.c; a\\.b for the key \"a.b\").")
    var keyPath: String

    @Argument(help: "The new value.")
    var value: String

    @Argument(help: "The file to change.", completion: .file())
    var file: String

    @Option(help: "The kind of VALUE (default: string).")
    var type: ValueType?

    @Flag(help: "VALUE is JSON.")
    var json = false

    func validate() throws {
        if json && type != nil { throw ValidationError("--json and --type cannot be used together") }
    }

    func run() throws {
        let newValue: ModelValue
        if json {
            do throws(ModelError) {
                newValue = try CommandSupport.formats.codec(for: .json).decodeTree(from: Data(value.utf8))
            } catch {
                throw ValidationError("VALUE is not JSON: \(error)")
            }
        } else {
            newValue = try (type ?? .string).value(of: value)
        }
        let path = RemoteKeyPath(stringLiteral: keyPath)
        try FileGraph.edit(file) { graph throws(ModelError) in try graph.setting(newValue, at: path) }
    }
}
