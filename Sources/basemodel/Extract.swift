import ArgumentParser
import BaseModelCrypto
import Foundation

/// `basemodel extract KEYPATH FILE [--as json|xml|binary|raw]`: the value at a key path.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the value at a key path of a file.",
        discussion: """
            KEYPATH is a key path in the library's syntax: keys and array indexes separated by \
            dots (statuses.0.user.name), a backslash before a dot that belongs to a key \
            (version\\.2 is the key "version.2"). The value is written as JSON (default, indented; \
            objects with their "$class", an object or container met again as "$alias"), as an XML \
            or binary property list, or raw: a string, number or bool bare, a date in ISO 8601, \
            data in base64, null as null, each followed by a newline, for shell scripts; a \
            dictionary, array or object has no raw form. A path that names nothing exits with \
            status 1 and one line naming the file and the path.

            \(CommandSupport.exitStatuses)
            """
    )

    /// The forms `--as` writes.
    enum Form: String, CaseIterable, ExpressibleByArgument {
        case json, xml, binary, raw
    }

    @Argument(help: "The key path (a.b.0.c; a\\.b for the key \"a.b\").")
    var keyPath: String

    @Argument(help: "The file to read.", completion: .file())
    var file: String

    @Option(name: .customLong("as"), help: ArgumentHelp("How to write the value: json, xml, binary or raw.", valueName: "form"))
    var form: Form = .json

    func run() throws {
        let graph = try FileGraph.read(file)
        let path = RemoteKeyPath(stringLiteral: keyPath)
        let formats = CommandSupport.formats
        switch form {
        case .raw:
            let value = try FileGraph.attempt(file) { () throws(ModelError) in try graph.value(at: path) }
            guard let text = Self.raw(value) else {
                throw CommandSupport.failure("\(file): \(path): a \(value.kindName) has no raw form; use --as json")
            }
            print(text)
        case .json, .xml, .binary:
            let format: ModelFormat = form == .json ? .json : form == .xml ? .xmlPropertyList : .binaryPropertyList
            let bytes = try FileGraph.attempt(file) { () throws(ModelError) in
                try formats.data(of: graph.graph(at: path), in: format, prettyPrinted: true)
            }
            FileHandle.standardOutput.write(bytes)
            if form == .json { FileHandle.standardOutput.write(Data("\n".utf8)) }
        }
    }

    /// A scalar as a shell script wants it; `nil` for a container.
    static func raw(_ value: ModelValue) -> String? {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .unsignedInteger(let number): String(number)
        case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): text
        case .data(let bytes): bytes.base64EncodedString()
        case .date(let date): date.formatted(.iso8601)
        case .array, .dictionary: nil
        }
    }
}
