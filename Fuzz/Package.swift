// swift-tools-version: 6.1
// Hostile-input tools for BaseModel, in their own package (like Benchmarks/) so the root
// package's `swift build` and `swift test` never build them. See README.md.
//
//   swift build -c release --product hostile-probe && .build/release/hostile-probe stack
import Foundation
import PackageDescription

/// A path dependency is named after its directory: take the root package's name from it.
let rootPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "BaseModelFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // `stack`: what one level of nesting costs on the stack per path; `read FILE`: decode a file
        // (as a tree, or with `--model` as the bomb model of the amplification tests), for
        // /usr/bin/time -v.
        .executableTarget(
            name: "hostile-probe",
            dependencies: [.product(name: "BaseModel", package: rootPackage)]
        )
    ],
    swiftLanguageModes: [.v6]
)
