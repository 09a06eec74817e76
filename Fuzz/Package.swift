// swift-tools-version: 6.1
// Hostile-input tools for BaseModel, in their own package (like Benchmarks/) so the root
// package's `swift build` and `swift test` never build them. See README.md.
//
//   swift build -c release --product hostile-probe && .build/release/hostile-probe stack
//   ./run.sh 300        # builds the libFuzzer targets and fuzzes each for 300 s
import Foundation
import PackageDescription

/// A path dependency is named after its directory: take the root package's name from it.
let rootPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// One libFuzzer target per decoder: the executable `fuzz-<name>` (see `FuzzTarget`).
let fuzzTargets = [
    "json", "xml-plist", "binary-plist", "keyed-archive", "hr-xml", "hr-json", "hr-binary", "fast", "detect",
    "crypto-coding", "envelope",
]

let package = Package(
    name: "BaseModelFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // `stack`: what one level of nesting costs on the stack per path; `read FILE`: decode a file
        // (as a tree, or with `--model` as the bomb model of the amplification tests), for
        // /usr/bin/time -v.
        .executableTarget(
            name: "hostile-probe",
            dependencies: [.product(name: "BaseModel", package: rootPackage)]
        ),
        // The fuzz models, what each target does with an input, and the seeds.
        .target(
            name: "FuzzHarness",
            dependencies: [
                .product(name: "BaseModel", package: rootPackage),
                .product(name: "BaseModelCrypto", package: rootPackage),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
    ] + fuzzTargets.map { .executableTarget(name: "fuzz-\($0)", dependencies: ["FuzzHarness"]) },
    swiftLanguageModes: [.v6]
)
