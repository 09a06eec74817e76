import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel type KEYPATH FILE`: the kind of the value at a key path.
struct TypeOf: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Print the kind of the value at a key path of a file.",
        discussion: """
            Prints one of dictionary, array, string, integer, real, bool, date, data, null, or an \
            object's class name (its "$class"). KEYPATH is a key path as extract takes it. A path \
            that names nothing exits with status 1 and one line naming the file and the path.

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The key path (a.b.0.c; a\\.b for the key \"a.b\").")
    var keyPath: String

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    func run() throws {
        let graph = try FileGraph.read(file)
        let path = RemoteKeyPath(stringLiteral: keyPath)
        print(try FileGraph.attempt(file) { () throws(ModelError) in try graph.kindName(at: path) })
    }
}
