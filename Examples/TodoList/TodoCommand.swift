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
        subcommands: [List.self, Add.self, Check.self, Remove.self],
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
        try TodoList.reloadSharedInstance()
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
            let list = try storage.open()
            list.items.append(TodoItem(label: label))
            try list.save()
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Toggle an item's check mark and save.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The item's number, from 1.") var number: Int

        func run() throws {
            let list = try storage.open()
            list.items[try list.index(of: number)].checked.toggle()
            try list.save()
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an item and save.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The item's number, from 1.") var number: Int

        func run() throws {
            let list = try storage.open()
            list.items.remove(at: try list.index(of: number))
            try list.save()
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
