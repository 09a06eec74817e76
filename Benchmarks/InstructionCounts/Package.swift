// swift-tools-version: 6.0
// Instruction counts of the decode and encode routes, for callgrind: `compare.sh` builds this
// package against two revisions of the library and prints the ratio of their counts. Counts do
// not move with the machine's load, so a change of a few percent is visible on a shared machine.
import Foundation
import PackageDescription

/// The library under measurement: `BASEMODEL_ROOT` (set by compare.sh), else this repository.
let root = ProcessInfo.processInfo.environment["BASEMODEL_ROOT"] ?? "../.."
let rootURL = URL(fileURLWithPath: root, relativeTo: URL(fileURLWithPath: Context.packageDirectory, isDirectory: true))
let rootName = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent

var targets: [Target] = [
    .executableTarget(
        name: "InstructionCounts",
        dependencies: [.product(name: "BaseModel", package: rootName)]
    )
]
// The model macro's routes (macro.sh), where the library has the macro and the sources are here
// (compare.sh copies only InstructionCounts, and builds it alone: no swift-syntax).
let fileManager = FileManager.default
if fileManager.fileExists(atPath: rootURL.appendingPathComponent("Sources/BaseModelMacros").path),
    fileManager.fileExists(atPath: Context.packageDirectory + "/Sources/MacroCounts")
{
    targets.append(
        .executableTarget(
            name: "MacroCounts",
            dependencies: [.product(name: "BaseModelMacros", package: rootName)]
        ))
}
// The persistence routes (persistence.sh): shared instances and stores against the direct reads
// and writes, on InstructionCounts' plain `Model` types.
if fileManager.fileExists(atPath: Context.packageDirectory + "/Sources/PersistenceCounts") {
    targets.append(
        .executableTarget(
            name: "PersistenceCounts",
            dependencies: [.product(name: "BaseModel", package: rootName)]
        ))
}

let package = Package(
    name: "InstructionCounts",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: root)],
    targets: targets,
    swiftLanguageModes: [.v6]
)
