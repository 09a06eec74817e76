import Foundation

/// The `store-crash-child` executable, found beside the test binary (SwiftPM builds every
/// executable of the package into the same folder as the test bundle; ``SiblingExecutable``).
enum CrashChild {
    static let name = "store-crash-child"

    /// The executable's URL, or `nil` when it has not been built.
    static let executable: URL? = SiblingExecutable.url(named: name)

    /// Starts the child saving into the store at `path` from `generation` on; it creates
    /// `readyFile` once the first generation is saved.
    static func launch(kind: String, path: URL, generation: Int, readyFile: URL) throws -> Process {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) is not built; run swift build"])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [kind, path.path, String(generation), readyFile.path]
        try process.run()
        return process
    }
}

/// A small seeded generator (SplitMix64), so the kill moments repeat from run to run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
