import Foundation

/// Random bytes for IVs, salts, nonces and keys.
enum SecureRandom {
    /// `count` random bytes from `SystemRandomNumberGenerator`, which reads the operating
    /// system's cryptographic generator (`getrandom` on Linux, `arc4random` on Apple platforms).
    static func bytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var result = Data(capacity: count)
        var remaining = count
        while remaining > 0 {
            let word = generator.next()
            withUnsafeBytes(of: word) { result.append(contentsOf: $0.prefix(remaining)) }
            remaining -= min(remaining, 8)
        }
        return result
    }
}
