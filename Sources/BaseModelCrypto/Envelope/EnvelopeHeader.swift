import Crypto
import Foundation

/// The envelope's header, all of which is authenticated (it is the AES-GCM additional data):
///
/// | offset | bytes | field |
/// |---|---|---|
/// | 0 | 6 | magic `BMSEAL` |
/// | 6 | 1 | version, 1 |
/// | 7 | 1 | KDF: 0 raw key, 1 PBKDF2-HMAC-SHA256, 2 scrypt |
/// | 8 | 2 | header length in bytes, big-endian (checksum included) |
/// | 10 | 12 | KDF parameters, three big-endian UInt32 (rounds; or log2 N, r, p) |
/// | 22 | 16 | salt (zero for a raw key) |
/// | 38 | 12 | AES-GCM nonce |
/// | 50 | 8 | key check: HMAC-SHA256(master key, "BaseModel envelope key check"), first 8 bytes |
/// | 58 | 1 + n | inner format name (length, UTF-8) |
/// | … | 1 + m | label: the type name the password is looked up by (length, UTF-8) |
/// | … | 8 | checksum: SHA-256 of the header bytes before it, first 8 bytes |
///
/// After the header: the ciphertext, then the 16-byte GCM tag. The checksum catches damage to
/// the header before any key is derived (so a flipped salt byte reads as damage, not as a wrong
/// password); the key check tells a wrong password from damaged ciphertext.
struct EnvelopeHeader: Equatable {
    static let magic = Data("BMSEAL".utf8)
    static let version: UInt8 = 1
    static let fixedByteCount = 58
    static let checksumByteCount = 8
    static let tagByteCount = 16
    /// The smallest header: empty format name and label.
    static let minimumByteCount = fixedByteCount + 2 + checksumByteCount
    /// The most header bytes a reader looks at; a length field above it is impossible (the
    /// longest header a writer makes, with 255-byte format name and label, is 578 bytes).
    static let maximumByteCount = 4096

    var kdf: EnvelopeKDF
    var salt: Data
    var nonce: Data
    var keyCheck: Data
    var innerFormat: String
    var label: String

    /// The header's bytes, checksum included.
    func encoded() throws(ModelError) -> Data {
        let format = Data(innerFormat.utf8), label = Data(label.utf8)
        guard format.count <= 255, label.count <= 255 else {
            throw ModelError(.invalidValue("the format name and the label must be at most 255 bytes"), format: ModelFormat.encrypted.rawValue)
        }
        var bytes = Self.magic
        bytes.append(Self.version)
        bytes.append(kdf.id)
        Self.append(UInt16(Self.fixedByteCount + 2 + format.count + label.count + Self.checksumByteCount), to: &bytes)
        let (a, b, c) = kdf.parameters
        for parameter in [a, b, c] { Self.append(parameter, to: &bytes) }
        bytes.append(salt)
        bytes.append(nonce)
        bytes.append(keyCheck)
        bytes.append(UInt8(format.count))
        bytes.append(format)
        bytes.append(UInt8(label.count))
        bytes.append(label)
        bytes.append(Self.checksum(bytes))
        return bytes
    }

    /// Reads the header at the start of `data`; returns it and its length.
    ///
    /// - Throws: `ModelError.Reason.truncated` when the data ends inside the header or leaves
    ///   no room for the tag; `ModelError.Reason.authenticationFailed` when the header does not
    ///   match its checksum (or its length field is impossible); after a good checksum,
    ///   `ModelError.Reason.malformed(_:)` for a wrong magic and
    ///   `ModelError.Reason.unsupported(_:)` for a later version or out-of-range KDF parameters.
    static func decode(_ data: Data) throws(ModelError) -> (header: EnvelopeHeader, byteCount: Int) {
        let format = ModelFormat.encrypted.rawValue
        let bytes = [UInt8](data.prefix(maximumByteCount))
        guard bytes.count >= 10 else { throw ModelError(.truncated, format: format, offset: data.count) }
        let length = Int(bytes[8]) << 8 | Int(bytes[9])
        // The length is untrusted: every slice below stays inside `bytes` only if it is in range.
        guard (minimumByteCount...maximumByteCount).contains(length) else {
            throw ModelError(.authenticationFailed, excerpt: "the header length \(length) is impossible", format: format, offset: 8)
        }
        guard data.count >= length + tagByteCount else { throw ModelError(.truncated, format: format, offset: data.count) }
        let body = Data(bytes[0..<(length - checksumByteCount)])
        guard checksum(body) == Data(bytes[(length - checksumByteCount)..<length]) else {
            throw ModelError(.authenticationFailed, excerpt: "the header does not match its checksum", format: format)
        }
        guard body.prefix(6) == magic else { throw ModelError(.malformed("not a BaseModel envelope"), format: format, offset: 0) }
        guard bytes[6] == version else {
            throw ModelError(.unsupported("envelope version \(bytes[6]) is newer than this library reads (1)"), format: format, offset: 6)
        }
        func uint32(at offset: Int) -> UInt32 {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let kdf = try EnvelopeKDF(id: bytes[7], parameters: (uint32(at: 10), uint32(at: 14), uint32(at: 18)))
        var cursor = fixedByteCount
        func string() throws(ModelError) -> String {
            let count = Int(bytes[cursor])
            guard cursor + 1 + count <= length - checksumByteCount,
                let text = String(bytes: bytes[(cursor + 1)..<(cursor + 1 + count)], encoding: .utf8)
            else { throw ModelError(.malformed("a header string overruns the header"), format: format, offset: cursor) }
            cursor += 1 + count
            return text
        }
        let innerFormat = try string()
        let label = try string()
        guard cursor == length - checksumByteCount else {
            throw ModelError(.malformed("the header has stray bytes"), format: format, offset: cursor)
        }
        let header = EnvelopeHeader(
            kdf: kdf, salt: Data(bytes[22..<38]), nonce: Data(bytes[38..<50]), keyCheck: Data(bytes[50..<58]),
            innerFormat: innerFormat, label: label)
        return (header, length)
    }

    static func checksum(_ bytes: Data) -> Data { Data(SHA256.hash(data: bytes).prefix(checksumByteCount)) }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }
}
