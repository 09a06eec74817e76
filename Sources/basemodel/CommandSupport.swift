import ArgumentParser
import BaseModel
import Foundation

/// What the subcommands share: reading a file by content, and one-line errors.
enum CommandSupport {
    /// The format names the command line accepts.
    static var formatNames: String { FormatRegistry.shared.formats.map(\.rawValue).joined(separator: ", ") }

    /// Reads `path`, detects its format and parses its tree.
    ///
    /// - Throws: an exit code after printing a one-line error.
    static func read(_ path: String) throws -> (codec: any FormatCodec, tree: ModelValue, size: Int) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw failure("cannot read \(path): \(error.localizedDescription)")
        }
        do {
            let codec = try FormatRegistry.shared.detect(data)
            return (codec, try codec.decodeTree(from: data), data.count)
        } catch {
            throw failure("\(path): \(error)")
        }
    }

    /// Prints `basemodel: message` on standard error and gives the failure exit code.
    static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("basemodel: \(message)\n".utf8))
        return ExitCode.failure
    }
}
