// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BaseModel",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "BaseModel", targets: ["BaseModel"]),
        .executable(name: "basemodel", targets: ["basemodel"]),
        .executable(name: "todolist", targets: ["TodoList"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "BaseModel",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .executableTarget(
            name: "basemodel",
            dependencies: ["BaseModel", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "TodoList",
            dependencies: ["BaseModel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Examples/TodoList",
            resources: [.copy("Resources/TodoList.plist")]
        ),
        .testTarget(
            name: "BaseModelTests",
            dependencies: ["BaseModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
