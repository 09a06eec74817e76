import ArgumentParser

/// The `basemodel` command-line tool: looks inside model files.
@main
struct BaseModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "basemodel",
        abstract: "Inspect files written by BaseModel for Swift.",
        discussion: """
            Reads a file, detects its format from its bytes (never from its extension) and prints \
            the value tree it holds. JSON is supported now; property lists, keyed archives, HRCoder \
            trees, FastCoding and encrypted files come with the formats work.
            """,
        subcommands: [Inspect.self]
    )
}
