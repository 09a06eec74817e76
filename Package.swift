// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BaseModel",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "BaseModel", targets: ["BaseModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "BaseModel",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .testTarget(
            name: "BaseModelTests",
            dependencies: ["BaseModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
