import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel lint FILE…`: reads each file fully and says whether it is valid, one line a file.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that files are valid: read each one fully, one line a file.",
        discussion: """
            Each file is read in whatever format its bytes say, through the same reader inspect \
            and the library use, with the default decoding limits (depth 512, and values, \
            strings and data in proportion to the file's size), and its whole graph is built \
            (every value, shared object and alias checked, as reading a model does). \
            Prints `FILE: OK (FORMAT)` or `FILE: ` and the one-line error (with the path inside \
            the file where there is one) on standard output, a line a file in the order given. \
            Encrypted files are read with the password in BASEMODEL_PASSWORD or, on a terminal, \
            one asked for once.

            \(CommandSupport.exitStatuses) Exits with 1 when any file failed.
            """
    )

    @Argument(help: "The files to check.", completion: .file())
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<files> ...'") }
    }

    func run() throws {
        var failed = false
        for file in files {
            let (line, isValid) = Self.check(file)
            print("\(file): \(line)")
            failed = failed || !isValid
        }
        if failed { throw ExitCode.failure }
    }

    /// The verdict on one file: `OK (format)` or the error, on one line.
    static func check(_ path: String) -> (line: String, isValid: Bool) {
        let data: Data
        do {
            (data, _) = try ProgressLine.read(path, showingProgress: false)
        } catch {
            return (CommandSupport.oneLine("cannot read: \(error.localizedDescription)"), false)
        }
        do {
            let (codec, _) = try CommandSupport.formats.graph(of: data)
            return ("OK (\(codec.format))", true)
        } catch {
            return (CommandSupport.oneLine(CommandSupport.explain(error)), false)
        }
    }
}
