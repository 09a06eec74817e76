import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel diff A B`: the semantic differences between two files, in any formats.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the differences between the values of two files, in any formats.",
        discussion: """
            Each file is read in whatever format its bytes say, and the two graphs of values are \
            compared: one line a difference, with its key path in the first file, \
            `statuses[3].user.name: "a" → "b"`. Keys are compared in any order, arrays position \
            by position. A difference of kind is one even when the values are equal: \
            `count: integer 1 → real 1.0`. Classes are compared (`$class "Person" → \
            "Employee"`), and so is sharing: an object or container met twice, the same one in \
            A and a copy in B, is a difference (`the same dictionary as items[0] → a copy`). \
            What only a format stores (key order, a mutable string, a 4-byte float, a set) is \
            not compared, so a file and its conversion to another format are the same.

            \(CommandSupport.exitStatuses) Exits with 0 when the files hold the same values \
            (printing nothing), 1 when they differ or one cannot be read.
            """
    )

    @Argument(help: "The first file.", completion: .file())
    var first: String

    @Argument(help: "The second file.", completion: .file())
    var second: String

    func run() throws {
        let differences = GraphDifference.between(try Self.graph(first), try Self.graph(second))
        for difference in differences { print(CommandSupport.oneLine(difference.description)) }
        if !differences.isEmpty { throw ExitCode.failure }
    }

    /// The graph of the file at `path`, in whatever format it is.
    ///
    /// - Throws: an exit code after printing a one-line error.
    static func graph(_ path: String) throws -> InputIndex {
        let (data, codec, _) = try CommandSupport.detect(path)
        do {
            return try codec.readIndex(from: data)
        } catch {
            throw CommandSupport.failure("\(path): \(CommandSupport.explain(error))")
        }
    }
}
