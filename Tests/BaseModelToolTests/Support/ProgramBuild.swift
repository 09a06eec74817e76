import Foundation
import Testing

/// Compiles a Swift program against this build's modules and macro plug-in, linking the
/// objects of `BaseModel`, `BaseModelMacros` and what they depend on, and runs it: how the
/// acceptance test checks that generated models compile, decode and encode.
enum ProgramBuild {
    /// The build folder (`.build/<triple>/debug`), where the plug-in, the `Modules` folder and
    /// each module's objects are.
    static let buildFolder: URL? = {
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for start in starts {
            var folder = start.resolvingSymlinksInPath()
            for _ in 0..<4 {
                if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(pluginName).path),
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/BaseModelMacros.swiftmodule").path)
                {
                    return folder
                }
                folder.deleteLastPathComponent()
            }
        }
        return nil
    }()

    static let pluginName = "BaseModelMacrosPlugin-tool"

    /// The modules whose objects a program using `BaseModelMacros` links.
    static let linkedModules = ["BaseModel", "BaseModelMacros", "OrderedCollections", "InternalCollectionsUtilities", "Logging"]

    /// `swiftc` on the `PATH`.
    static let compiler: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var isAvailable: Bool { buildFolder != nil && compiler != nil }

    static var unavailableMessage: Comment {
        "skipped: swiftc on the PATH and this build's modules and macro plug-in beside the test binary are needed"
    }

    /// The package name the modules were built with (SwiftPM's: the package folder's name in
    /// lower case, other characters than letters and digits as `_`), so that a program may use
    /// the library's `package` declarations as the package's own targets do.
    static var packageName: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
        return String(root.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Compiles `sources` (file name → text) into an executable in a new temporary folder.
    ///
    /// - Returns: the executable, or `nil` with what the compiler said.
    static func compile(_ sources: [String: String]) throws -> (executable: URL?, output: String) {
        let folder = try #require(buildFolder)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bm-modelgen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var arguments = [
            "-swift-version", "6", "-package-name", packageName, "-I", folder.appendingPathComponent("Modules").path,
            "-load-plugin-executable", folder.appendingPathComponent(pluginName).path + "#BaseModelMacrosPlugin",
            "-o", work.appendingPathComponent("program").path,
        ]
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let file = work.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            arguments.append(file.path)
        }
        for module in linkedModules { arguments += try objects(of: module, in: folder) }
        let result = try run(try #require(compiler), arguments)
        let executable = work.appendingPathComponent("program")
        return (result.status == 0 ? executable : nil, result.output)
    }

    /// The object files of `module` as its last build made them: those its output file map
    /// names (a folder may still hold objects of sources since removed), and the module's own.
    static func objects(of module: String, in folder: URL) throws -> [String] {
        let build = folder.appendingPathComponent("\(module).build")
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: build.appendingPathComponent("output-file-map.json")))
        let entries = try #require(map as? [String: Any])
        var objects = entries.values.compactMap { ($0 as? [String: Any])?["object"] as? String }.sorted()
        let wrapped = build.appendingPathComponent("\(module).swiftmodule.o").path
        if FileManager.default.fileExists(atPath: wrapped) { objects.append(wrapped) }
        return objects
    }

    /// Runs `executable` with `arguments`; both output streams together.
    static func run(_ executable: URL, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
