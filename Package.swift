// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "BaseModel",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "BaseModel", targets: ["BaseModel"]),
        .library(name: "BaseModelCrypto", targets: ["BaseModelCrypto"]),
        .library(name: "BaseModelSQLite", targets: ["BaseModelSQLite"]),
        .library(name: "BaseModelPostgres", targets: ["BaseModelPostgres"]),
        // The `@Model` macro: only a package that imports it builds swift-syntax.
        .library(name: "BaseModelMacros", targets: ["BaseModelMacros"]),
        .executable(name: "basemodel", targets: ["basemodel"]),
        .executable(name: "todolist", targets: ["TodoList"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // 603 is the syntax of Swift 6.3, the toolchain the project is built and tested with.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `swift package generate-documentation`: the DocC catalogs under Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "BaseModel",
            dependencies: [
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "BaseModelCrypto",
            dependencies: [
                "BaseModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "BaseModelSQLite",
            dependencies: ["BaseModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "BaseModelPostgres",
            dependencies: ["BaseModel", .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        .executableTarget(
            name: "basemodel",
            dependencies: [
                "BaseModel", "BaseModelCrypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "TodoList",
            dependencies: [
                "BaseModel", "BaseModelCrypto", "BaseModelMacros",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/TodoList",
            resources: [.copy("Resources/TodoList.plist")]
        ),
        // Saves into a store in a loop until killed: the crash-safety test of BaseModelSQLiteTests
        // launches it from the build folder and kills it with SIGKILL.
        .executableTarget(
            name: "store-crash-child",
            dependencies: ["BaseModelSQLite"]
        ),
        // Writes one model with dictionaries and sets in every format: the byte-stability test of
        // BaseModelTests runs it under different hash seeds and compares the bytes.
        .executableTarget(
            name: "byte-stability-child",
            dependencies: ["BaseModel"]
        ),
        // Moves unreadable save files aside in a loop until killed: the quarantine crash test of
        // BaseModelTests launches it from the build folder and kills it with SIGKILL.
        .executableTarget(
            name: "shared-instance-crash-child",
            dependencies: ["BaseModel"]
        ),
        // The model macro: its declarations (the client module users import), its compiler
        // plug-in, and the implementation the plug-in serves (a library, so that its tests do
        // not make SwiftPM build the whole test product, and everything it links, for the host).
        .target(
            name: "BaseModelMacros",
            dependencies: ["BaseModel", "BaseModelMacrosPlugin"]
        ),
        .macro(
            name: "BaseModelMacrosPlugin",
            dependencies: [
                "BaseModelMacrosImplementation",
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "BaseModelMacrosImplementation",
            dependencies: [
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "BaseModelMacrosImplementationTests",
            dependencies: [
                "BaseModelMacrosImplementation", "BaseModel",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        // Links the corpus models and corpus helpers of BaseModelTests (symbolic links).
        .testTarget(
            name: "BaseModelMacrosTests",
            dependencies: ["BaseModelMacros", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(
            name: "BaseModelTests",
            dependencies: ["BaseModel", .product(name: "Logging", package: "swift-log")]
        ),
        // The TodoList example's models (with and without the macro) and its `watch` command.
        .testTarget(
            name: "TodoListTests",
            dependencies: ["TodoList", "BaseModel"]
        ),
        // `basemodel model`'s generator, and the models it writes for the corpus compiled and
        // run against this build's modules.
        .testTarget(
            name: "BaseModelToolTests",
            dependencies: ["basemodel", "BaseModel"]
        ),
        .testTarget(
            name: "BaseModelCryptoTests",
            dependencies: ["BaseModelCrypto"]
        ),
        .testTarget(
            name: "BaseModelSQLiteTests",
            dependencies: ["BaseModelSQLite"]
        ),
        // Two processes on one PostgreSQL database: BaseModelPostgresTests launches it from the
        // build folder (identity-map sync, racing writers, SIGKILL mid-batch); it also measures
        // the store (`postgres-child bench`, see BENCHMARKS.md).
        .executableTarget(
            name: "postgres-child",
            dependencies: ["BaseModelPostgres", "BaseModelSQLite"]
        ),
        .testTarget(
            name: "BaseModelPostgresTests",
            dependencies: [
                "BaseModelPostgres", "BaseModelSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
