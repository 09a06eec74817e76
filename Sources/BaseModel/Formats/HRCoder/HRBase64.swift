import Foundation

/// A strict reader for the base64 of `$data`.
///
/// Foundation's decoder on Linux accepts `=` in the middle of the text and surplus padding
/// (`"QU=J"`, `"QUJD===="`), so `$data` is checked here: the standard alphabet (`A`–`Z`, `a`–`z`,
/// `0`–`9`, `+`, `/`), a length that is a multiple of 4, and `=` only as one or two final padding
/// characters. ASCII white space (space, tab, line feed, carriage return) is skipped anywhere,
/// for encoders that wrap lines. Unused bits in the last group are ignored, as Apple's decoder
/// ignores them.
enum HRBase64 {
    /// The six-bit value of each byte, or `0xFF` for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        return table
    }()

    /// The bytes `text` encodes, or `nil` when it is not strict base64.
    ///
    /// Complexity: O(*n*) for *n* characters.
    static func decode(_ text: String) -> Data? {
        var output = Data()
        output.reserveCapacity(text.utf8.count / 4 * 3)
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "="):
                padding += 1
                // Padding may only fill the third and fourth places of the last group.
                guard padding <= 2, count + padding <= 4, count >= 2 else { return nil }
            default:
                let value = values[Int(byte)]
                guard value != 0xFF, padding == 0 else { return nil }
                group = group << 6 | UInt32(value)
                count += 1
                if count == 4 {
                    output.append(UInt8(truncatingIfNeeded: group >> 16))
                    output.append(UInt8(truncatingIfNeeded: group >> 8))
                    output.append(UInt8(truncatingIfNeeded: group))
                    group = 0
                    count = 0
                }
            }
        }
        switch (count, padding) {
        case (0, 0):
            return output
        case (2, 2):
            output.append(UInt8(truncatingIfNeeded: group >> 4))
            return output
        case (3, 1):
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
            return output
        default:
            return nil
        }
    }
}
