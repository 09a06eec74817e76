import ArgumentParser

/// The `basemodel` command-line tool: looks inside model files.
@main
struct BaseModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "basemodel",
        abstract: "Inspect, check, compare and convert files written by BaseModel for Swift (and the Objective-C originals).",
        discussion: """
            Reads files in every format BaseModel for Swift writes, detecting the format from the \
            bytes (never from the extension): inspect prints the tree, convert rewrites it in \
            another format, lint checks files, diff compares two, extract and type read the value at a key \
            path, set and remove edit a file in place, model writes Swift models that decode it.

            \(CommandSupport.exitStatuses)
            """,
        subcommands: [
            Inspect.self, Convert.self, Lint.self, Diff.self, Extract.self, TypeOf.self, SetValue.self, Remove.self,
            GenerateModel.self,
        ]
    )
}
