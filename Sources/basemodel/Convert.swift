import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel convert FILE --to FORMAT [-o OUT]`: rewrites a file in another format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a file to another format.",
        discussion: """
            Reads FILE in whatever format it is (detected from its bytes) and writes the same graph \
            in FORMAT, to OUT or to standard output. Typed objects ("$class"), objects and \
            containers met twice and cycles carry over between the formats that store them \
            (keyed-archive, hr-xml, hr-json, hr-binary, fast); JSON shows them as "$alias". Property lists cannot hold null: converting a tree with null to \
            xml or binary fails. The output file is written atomically. On a terminal, files of \
            1 MiB or more show a progress line on standard error (nothing when it is redirected).

            Encrypted formats: `crypto` (CryptoCoding v2, readable by the Objective-C library) and \
            `encrypted` (the authenticated AES-256-GCM envelope, sealing the tree in --inner). \
            The password comes from the environment variable BASEMODEL_PASSWORD or, on a \
            terminal, a prompt without echo; never from an argument. Encrypted input is read with \
            the same password.

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Option(name: .long, help: "The format to write: \(CommandSupport.formatNames).")
    var to: String

    @Option(help: "For --to encrypted: the format sealed inside (default keyed-archive).")
    var inner = ModelFormat.keyedArchive.rawValue

    @Option(name: [.short, .customLong("output")], help: "Where to write (default: standard output).", completion: .file())
    var output: String?

    /// An unknown format is a usage error (exit status 2), found before the file is read.
    func validate() throws {
        let formats = CommandSupport.formats.formats
        guard formats.contains(ModelFormat(rawValue: to)) else {
            throw ValidationError("unknown format \"\(to)\"; use one of \(CommandSupport.formatNames)")
        }
        guard formats.contains(ModelFormat(rawValue: inner)), inner != ModelFormat.encrypted.rawValue else {
            throw ValidationError("unknown inner format \"\(inner)\"; use one of \(CommandSupport.formatNames)")
        }
    }

    func run() throws {
        let target = ModelFormat(rawValue: to)
        let innerFormat = ModelFormat(rawValue: inner)
        let formats = CommandSupport.formats
        let (data, source, progress) = try CommandSupport.detect(file, showingProgress: true)
        defer { progress.finish() }
        // Erases the progress line, then prints the error.
        func failure(_ message: String) -> ExitCode {
            progress.finish()
            return CommandSupport.failure(message)
        }
        let codec: any FormatCodec
        do {
            codec = target == .encrypted
                ? CryptoFormats.envelope(passwords: PasswordPrompt.provider, inner: innerFormat, formats: formats)
                : try formats.codec(for: target)
        } catch {
            throw failure("\(error)")
        }
        let bytes: Data
        do {
            if target == .encrypted {
                let tree = try source.decodeTree(from: data)
                progress.show(.encoding)
                bytes = try codec.encodeTree(tree)
            } else {
                // The file's graph written in the target format: sharing, cycles and forms carry
                // over where the target stores them.
                bytes = try formats.convert(data, to: target) { progress.show(.encoding) }
            }
        } catch {
            throw failure("cannot convert \(file) to \(target): \(CommandSupport.explain(error))")
        }
        guard let output else {
            progress.finish()
            return FileHandle.standardOutput.write(bytes)
        }
        progress.show(.writing)
        do throws(ModelError) {
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: output))
        } catch {
            guard case .io(_, _, _, let message) = error.reason else { throw failure("cannot write \(output): \(error)") }
            throw failure("cannot write \(output): \(message)")
        }
    }
}
