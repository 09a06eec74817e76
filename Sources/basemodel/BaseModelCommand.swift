import ArgumentParser

/// The `basemodel` command-line tool: looks inside model files.
@main
struct BaseModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "basemodel",
        abstract: "Inspect and convert files written by BaseModel for Swift (and the Objective-C originals).",
        discussion: """
            Reads files in every format BaseModel for Swift writes, detecting the format from the \
            bytes (never from the extension): inspect prints the tree, convert rewrites it in \
            another format.
            """,
        subcommands: [Inspect.self, Convert.self, GenerateModel.self]
    )
}
