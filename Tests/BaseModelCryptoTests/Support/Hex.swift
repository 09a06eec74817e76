import Foundation

extension Data {
    /// Bytes from a hex string; spaces are ignored.
    init(hex: String) {
        let digits = hex.filter { !$0.isWhitespace }.map { UInt8(String($0), radix: 16)! }
        self.init(stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
    }

    /// Lower-case hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
