// swift-tools-version: 6.1
// Benchmarks for BaseModel, kept in their own package so that the root package's `swift build`
// and `swift test` never build ordo-one/benchmark (which always builds in release).
//
// Run from this directory:
//   swift package --allow-writing-to-package-directory benchmark --no-progress
import Foundation
import PackageDescription

/// A path dependency is named after its directory, so the root package is "main" in one checkout and
/// "BaseModel" in another. Take the name from the directory that holds this package.
let rootPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "BaseModelBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The root package, by path.
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ModelBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BaseModel", package: rootPackage),
            ],
            path: "Benchmarks/ModelBench",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Issue 5: the envelope's and CryptoCoding's cost over the plain formats.
        .executableTarget(
            name: "CryptoBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BaseModelCrypto", package: rootPackage),
            ],
            path: "Benchmarks/CryptoBench",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Issue 6: identity map vs a locked dictionary, SQLite store vs directory store.
        .executableTarget(
            name: "StoreBench",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BaseModelSQLite", package: rootPackage),
            ],
            path: "Benchmarks/StoreBench",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
