import ArgumentParser
import BaseModel
import Foundation

/// `basemodel inspect FILE`: the detected format and the value tree, readable.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the format and the value tree of a file.",
        discussion: "Exits with status 1 and a one-line error on standard error when the file cannot be read or parsed."
    )

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Flag(name: .long, help: "Print the tree on one line instead of indented.")
    var compact = false

    @Option(name: .long, help: "Print only the first N lines of the tree (0 for all).")
    var lines = 0

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw failure("cannot read \(file): \(error.localizedDescription)")
        }
        let tree: ModelValue
        do {
            tree = try JSONParser.parse(data)
        } catch {
            throw failure("\(file): \(error)")
        }
        print("format: json (\(data.count) bytes)")
        let text = compact ? tree.description : tree.indentedDescription
        if lines > 0 {
            let all = text.split(separator: "\n", omittingEmptySubsequences: false)
            all.prefix(lines).forEach { print($0) }
            if all.count > lines { print("… \(all.count - lines) more lines") }
        } else {
            print(text)
        }
    }

    private func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("basemodel: \(message)\n".utf8))
        return ExitCode.failure
    }
}
