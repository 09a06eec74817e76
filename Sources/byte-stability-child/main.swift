// byte-stability-child: writes StableLibrary.sample() in every core format and prints the
// bytes, for the byte-stability test, which runs it under different hash seeds and compares.
//
// Usage: byte-stability-child
//
// Output: one line per format, `<format> <hex bytes>`, then `tree:<format> <hex bytes>` for the
// model's plain tree written by the format's codec.
import Foundation

do {
    FileHandle.standardOutput.write(Data(try StableLibrary.report().utf8))
} catch {
    FileHandle.standardError.write(Data("byte-stability-child: \(error)\n".utf8))
    exit(1)
}
