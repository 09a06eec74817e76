import ArgumentParser
import BaseModel
import Foundation

/// `basemodel convert FILE --to FORMAT [-o OUT]`: rewrites a file in another format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a file to another format.",
        discussion: """
            Reads FILE in whatever format it is (detected from its bytes) and writes the same tree \
            in FORMAT, to OUT or to standard output. Typed objects ("$class") and shared objects \
            ("$alias") carry over between the formats that store them (keyed-archive, hr-xml, \
            hr-json, hr-binary, fast). Property lists cannot hold null: converting a tree with null to \
            xml or binary fails. The output file is written atomically.
            """
    )

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Option(name: .long, help: "The format to write: \(CommandSupport.formatNames).")
    var to: String

    @Option(name: [.short, .customLong("output")], help: "Where to write (default: standard output).", completion: .file())
    var output: String?

    func run() throws {
        let target = ModelFormat(rawValue: to)
        guard FormatRegistry.shared.formats.contains(target) else {
            throw CommandSupport.failure("unknown format \"\(to)\"; use one of \(CommandSupport.formatNames)")
        }
        let (_, tree, _) = try CommandSupport.read(file)
        let bytes: Data
        do {
            bytes = try FormatRegistry.shared.codec(for: target).encodeTree(tree)
        } catch {
            throw CommandSupport.failure("cannot write \(file) as \(target): \(error)")
        }
        guard let output else { return FileHandle.standardOutput.write(bytes) }
        do {
            try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandSupport.failure("cannot write \(output): \(error.localizedDescription)")
        }
    }
}
