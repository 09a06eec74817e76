// swift-tools-version: 6.0
// Instruction counts of the decode and encode routes, for callgrind: `compare.sh` builds this
// package against two revisions of the library and prints the ratio of their counts. Counts do
// not move with the machine's load, so a change of a few percent is visible on a shared machine.
import Foundation
import PackageDescription

/// The library under measurement: `BASEMODEL_ROOT` (set by compare.sh), else this repository.
let root = ProcessInfo.processInfo.environment["BASEMODEL_ROOT"] ?? "../.."
let rootName = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent

let package = Package(
    name: "InstructionCounts",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: root)],
    targets: [
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "BaseModel", package: rootName)]
        )
    ],
    swiftLanguageModes: [.v6]
)
