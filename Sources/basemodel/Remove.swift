import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel remove KEYPATH FILE`: removes a value in place.
struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove the value at a key path of a file, in place.",
        discussion: """
            An array's element is taken out (the later ones move up), a dictionary's entry \
            removed, an object's value made nil (as an object with a nil property is written). \
            KEYPATH is a key path as extract takes it; a path that names nothing exits with \
            status 1 and one line naming the file and the path, and the file is left as it was.

            \(FileGraph.keptByAnEdit)

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The key path (a.b.0.c; a\\.b for the key \"a.b\").")
    var keyPath: String

    @Argument(help: "The file to change.", completion: .file())
    var file: String

    func run() throws {
        let path = RemoteKeyPath(stringLiteral: keyPath)
        try FileGraph.edit(file) { graph throws(ModelError) in try graph.removing(at: path) }
    }
}
