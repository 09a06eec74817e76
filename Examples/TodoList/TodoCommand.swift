import ArgumentParser
import BaseModelCrypto
import Foundation

/// BaseModel's TodoList example as a command: the list is a shared instance, every change is
/// saved, and `--format` picks the save format. The file is `TodoList.plist` in the data folder
/// whatever the format: it is read back by content. `--encrypt` seals the file (the password in
/// `BASEMODEL_PASSWORD`); `--format keychain` keeps the list in the secure store instead.
@main
struct TodoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todolist",
        abstract: "A to-do list kept by BaseModel for Swift.",
        subcommands: [List.self, Add.self, Check.self, Remove.self, Watch.self],
        defaultSubcommand: List.self
    )
}

/// Options every subcommand takes.
struct StorageOptions: ParsableArguments {
    @Option(help: "The save format: json, xml, binary, keyed-archive, hr-xml, hr-json, hr-binary, crypto, keychain.")
    var format = "keyed-archive"

    @Flag(help: "Save encrypted: the chosen format sealed in an AES-256-GCM envelope, with the password in BASEMODEL_PASSWORD.")
    var encrypt = false

    @Option(help: "The folder for TodoList.plist (default: the application-support folder).")
    var dataDirectory: String?

    /// Applies the options and returns the shared list.
    func open() throws -> TodoList {
        let chosen = ModelFormat(rawValue: format)
        // Passwords for encrypted lists come from the environment only: never an argument.
        CryptoFormats.register(passwords: .environment(), inner: chosen == .encrypted ? .keyedArchive : chosen)
        guard FormatRegistry.shared.formats.contains(chosen) || chosen == .keychain else {
            throw ValidationError("unknown format \"\(format)\"")
        }
        let needsPassword = encrypt || chosen == .cryptoCoding || chosen == .encrypted
        if needsPassword, ProcessInfo.processInfo.environment["BASEMODEL_PASSWORD", default: ""].isEmpty {
            throw ValidationError("an encrypted list needs its password in BASEMODEL_PASSWORD")
        }
        guard !(encrypt && chosen == .keychain) else {
            throw ValidationError("--encrypt and --format keychain don't combine: the keychain is encrypted already")
        }
        TodoSettings.format.withLock { $0 = encrypt ? .encrypted : chosen }
        if let dataDirectory { ModelLocations.applicationSupport = URL(fileURLWithPath: dataDirectory) }
        do {
            try TodoList.reloadSharedInstance()
        } catch {
            // A list that could not be read was moved aside, never overwritten: say where.
            guard let kept = TodoList.sharedInstanceFailure?.quarantine else { throw error }
            print("Your list could not be read; it was kept as \(kept); starting from the defaults.")
        }
        return TodoList.shared
    }
}

extension TodoCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the list.")
        @OptionGroup var storage: StorageOptions

        func run() throws {
            for (index, item) in try storage.open().items.enumerated() {
                print("\(index + 1). [\(item.checked ? "x" : " ")] \(item.label)")
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item and save.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The item's label.") var label: String

        func run() throws {
            try TodoEdit.add(label: label).apply(to: storage.open())
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Toggle an item's check mark and save.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The item's number, from 1.") var number: Int

        func run() throws {
            try TodoEdit.check(number: number).apply(to: storage.open())
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item and save.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The item's number, from 1.") var number: Int

        func run() throws {
            try TodoEdit.remove(number: number).apply(to: storage.open())
        }
    }

    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read edits from standard input, one a line (add LABEL, check N, remove N), and print each change of the list as Observation reports it."
        )
        @OptionGroup var storage: StorageOptions

        func run() throws {
            _ = try storage.open()
            Self.watch(lines: AnyIterator { readLine() }, output: { print($0) }) { message in
                FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            }
        }

        /// Applies each line's edit to the shared list (which saves it) while a ``TodoWatcher``
        /// writes a line per change to `output`; a line that cannot be applied goes to `errors`
        /// and changes nothing.
        static func watch(
            lines: some Sequence<String>, output: @escaping @Sendable (String) -> Void, errors: (String) -> Void
        ) {
            let watcher = TodoWatcher(write: output)
            watcher.start()
            for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    try TodoEdit(line: line).apply(to: TodoList.shared)
                } catch {
                    errors("\(error)")
                }
                watcher.reportChange()
            }
        }
    }
}

extension TodoList {
    /// The index of the item a person numbered from 1.
    ///
    /// - Throws: a validation error when there is no such item.
    func index(of number: Int) throws -> Int {
        guard items.indices.contains(number - 1) else { throw ValidationError("no item \(number)") }
        return number - 1
    }
}
