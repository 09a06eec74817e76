import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel inspect FILE`: the detected format and the value tree, readable (coloured on a
/// terminal), or the tree as JSON for scripts.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the detected format and the value tree of a file.",
        discussion: """
            The format is detected from the bytes, never from the file name. Typed objects show \
            their "$class" and shared objects their "$alias". Encrypted files (crypto, \
            encrypted) are decrypted with the password in BASEMODEL_PASSWORD or, on a terminal, \
            one asked for without echo.

            On a terminal the tree is coloured: keys, strings, numbers, true/false/null, dates \
            and data, "$class" and "$alias" each in their own colour. --color never (or the \
            environment variable NO_COLOR set to anything) turns that off, --color always turns \
            it on in a pipe too.

            --lines N prints the first N lines of the tree and how many more there are: it \
            stops printing (and rendering) early, but it reads the whole file, so its time and \
            memory are those of reading it (keyed archives and binary property lists refer to \
            objects anywhere in the file).

            --json prints only the tree, as JSON on one line, in the typed-tree spelling of the \
            hr-json format (what `convert --to hr-json` writes): objects with "$class", objects \
            met again as {"$alias": "key.path"}, a date as {"$class": "NSDate", "NS.time": \
            <seconds since 2001-01-01 UTC>}, data as {"$class": "NSData", "$data": "<base64>"}. \
            `basemodel convert` reads it back.

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Flag(name: .long, help: "Print the tree on one line instead of indented.")
    var compact = false

    @Option(name: .long, help: "Print only the first N lines of the tree (0 for all); it stops printing early but reads the whole file.")
    var lines = 0

    @Option(name: .long, help: "Colour the tree: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color = ColorChoice.auto

    @Flag(name: .long, help: "Print only the tree, as JSON (hr-json's spelling of classes, aliases, dates and data).")
    var json = false

    func validate() throws {
        if json, compact || lines != 0 {
            throw ValidationError("--json prints the whole tree as JSON; it takes neither --compact nor --lines")
        }
        if lines < 0 { throw ValidationError("--lines must be 0 (all) or more") }
    }

    func run() throws {
        let (codec, tree, size, _) = try CommandSupport.read(file)
        if json { return try printJSON(tree) }
        print("format: \(codec.format) (\(size) bytes)")
        let style: ((ModelValue.DescriptionRole, String) -> String)? = color.isOn() ? { ColorChoice.paint($0, $1) } : nil
        guard lines > 0 else { return print(tree.styledDescription(indented: !compact, style: style)) }
        // Rendered up to the last line wanted; the rest is only counted.
        let (text, lineCount) = tree.styledDescription(indented: !compact, firstLines: lines, style: style)
        print(text)
        if lineCount > lines { print("… \(lineCount - lines) more lines") }
    }

    /// The tree as HR JSON, then a newline.
    private func printJSON(_ tree: ModelValue) throws {
        do {
            let bytes = try CommandSupport.formats.codec(for: .hrJSON).encodeTree(tree)
            FileHandle.standardOutput.write(bytes + Data("\n".utf8))
        } catch {
            throw CommandSupport.failure("\(file): cannot print as JSON: \(error)")
        }
    }
}
