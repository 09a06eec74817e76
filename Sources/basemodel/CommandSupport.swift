import ArgumentParser
import BaseModelCrypto
import Foundation

/// What the subcommands share: reading a file by content, and one-line errors.
enum CommandSupport {
    /// The formats the tool reads and writes: the core's and the crypto target's, registered on
    /// first use, with passwords from `BASEMODEL_PASSWORD` or, on a terminal, a prompt.
    static let formats: FormatRegistry = {
        CryptoFormats.register(passwords: PasswordPrompt.provider)
        return .shared
    }()

    /// The format names the command line accepts.
    static var formatNames: String { formats.formats.map(\.rawValue).joined(separator: ", ") }

    /// Reads `path`, detects its format and parses its tree; with `showingProgress`, the reading
    /// and decoding phases are shown on the returned progress line (see ``ProgressLine``).
    ///
    /// - Throws: an exit code after printing a one-line error.
    static func read(
        _ path: String, showingProgress: Bool = false
    ) throws -> (codec: any FormatCodec, tree: ModelValue, size: Int, progress: ProgressLine) {
        let (data, codec, line) = try detect(path, showingProgress: showingProgress)
        do {
            return (codec, try codec.decodeTree(from: data), data.count, line)
        } catch {
            line.finish()
            throw failure("\(path): \(explain(error))")
        }
    }

    /// Reads `path` and detects its format, showing the reading phase on the returned progress
    /// line when `showingProgress`.
    ///
    /// - Throws: an exit code after printing a one-line error.
    static func detect(_ path: String, showingProgress: Bool = false) throws -> (data: Data, codec: any FormatCodec, progress: ProgressLine) {
        let data: Data
        let line: ProgressLine
        do {
            (data, line) = try ProgressLine.read(path, showingProgress: showingProgress)
        } catch {
            throw failure("cannot read \(path): \(error.localizedDescription)")
        }
        do {
            line.show(.decoding)
            return (data, try formats.detect(data), line)
        } catch {
            line.finish()
            throw failure("\(path): \(explain(error))")
        }
    }

    /// The error's message, with a hint where the cure is a password.
    static func explain(_ error: ModelError) -> String {
        guard error.cryptoError == .passwordRequired else { return "\(error)" }
        return "\(error); set \(PasswordPrompt.variable) (or run on a terminal to be asked)"
    }

    /// Prints `basemodel: message` on standard error and gives the failure exit code.
    static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("basemodel: \(oneLine(message))\n".utf8))
        return ExitCode.failure
    }

    /// `message` on one line: line breaks become spaces.
    static func oneLine(_ message: String) -> String {
        message.contains(where: \.isNewline) ? message.split(whereSeparator: \.isNewline).joined(separator: " ") : message
    }

    /// The exit statuses, which every verb's help states.
    static let exitStatuses = "Exit status: 0 success, 1 unreadable or invalid input or a failed check, 2 usage error."

    /// The exit status of a usage error (argument-parser's own is 64, `EX_USAGE`).
    static let usageError = ExitCode(2)
}
