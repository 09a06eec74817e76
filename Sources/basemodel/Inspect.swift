import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel inspect FILE`: the detected format and the value tree, readable.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the detected format and the value tree of a file.",
        discussion: """
            The format is detected from the bytes, never from the file name. Typed objects show \
            their "$class" and shared objects their "$alias". Exits with status 1 and a one-line \
            error on standard error when the file cannot be read or parsed. Encrypted files \
            (crypto, encrypted) are decrypted with the password in BASEMODEL_PASSWORD or, on a \
            terminal, one asked for without echo.
            """
    )

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Flag(name: .long, help: "Print the tree on one line instead of indented.")
    var compact = false

    @Option(name: .long, help: "Print only the first N lines of the tree (0 for all).")
    var lines = 0

    func run() throws {
        let (codec, tree, size, _) = try CommandSupport.read(file)
        print("format: \(codec.format) (\(size) bytes)")
        let text = compact ? tree.description : tree.indentedDescription
        guard lines > 0 else { return print(text) }
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        all.prefix(lines).forEach { print($0) }
        if all.count > lines { print("… \(all.count - lines) more lines") }
    }
}
