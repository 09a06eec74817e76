import ArgumentParser
import Foundation

/// `basemodel model FILE`: Swift model code that decodes a sample file.
struct GenerateModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Print Swift models that decode a sample file.",
        discussion: """
            Reads a file in any format (detected from the bytes) and prints @Model declarations \
            that decode it: one type per object shape, named after its key (singular for array \
            elements) or its $class, shapes of several elements merged, a property optional \
            where it is null or missing in some of them. Types are chosen from every value \
            seen (Int, Int64, Double, Bool, String, Date, Data, URL; ModelValue where kinds are \
            mixed); dates written as ISO 8601, RFC 2822 or Twitter's text get the matching \
            @Transform; keys that are not camel case get @Key, or one key case when the whole \
            file is snake_case. $class objects of keyed archives and typed trees become final \
            classes, with a base class where one property holds several. --no-macro prints \
            the same models with the static tables of a Model conformance instead.

            \(CommandSupport.exitStatuses)
            """
    )

    @Argument(help: "The sample file.", completion: .file())
    var file: String

    @Option(name: .long, help: "The name of the root type (of the element type when the root is an array).")
    var name = "Root"

    @Flag(name: .customLong("class"), help: "Write classes instead of structs.")
    var classes = false

    @Flag(name: .customLong("no-macro"), help: "Write the macro-free form (a Model conformance with static tables).")
    var noMacro = false

    func run() throws {
        let (_, tree, _, _) = try CommandSupport.read(file)
        let options = ModelGenerator.Options(name: name, classes: classes, macro: !noMacro)
        do {
            let generator = try ModelGenerator(tree: tree, options: options)
            print(generator.code(sourceName: URL(fileURLWithPath: file).lastPathComponent), terminator: "")
        } catch {
            throw CommandSupport.failure("\(file): \(error)")
        }
    }
}
