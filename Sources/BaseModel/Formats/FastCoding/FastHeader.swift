/// The 20-byte header of a FastCoding file: magic `54 53 41 46` ("FAST" as a little-endian
/// `UInt32`), major and minor version, and the entry counts of the three caches.
///
/// ```swift
/// let header = try FastHeader(reading: bytes)   // bytes of a `fast` file
/// header.majorVersion                            // 3
/// ```
///
/// The counts are capacity hints: the reader never trusts them for an allocation.
struct FastHeader: Sendable, Hashable {
    /// The size of the header in bytes.
    static let size = 20
    /// The first four bytes of every FastCoding file.
    static let magic: [UInt8] = [0x54, 0x53, 0x41, 0x46]

    /// The major version: 3 for the files this library reads and writes (2 for legacy files).
    var majorVersion: UInt16
    /// The minor version: 3 when written here; ignored on read, as FastCoding does.
    var minorVersion: UInt16
    /// The number of object-cache entries the writer made.
    var objectCount: UInt32
    /// The number of class definitions.
    var classCount: UInt32
    /// The number of string-cache entries (strings and URLs).
    var stringCount: UInt32

    /// Creates a header; the default is version 3.3 with empty caches.
    init(majorVersion: UInt16 = 3, minorVersion: UInt16 = 3, objectCount: UInt32 = 0, classCount: UInt32 = 0, stringCount: UInt32 = 0) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.objectCount = objectCount
        self.classCount = classCount
        self.stringCount = stringCount
    }

    /// Reads the header at the start of `bytes`.
    ///
    /// - Throws: ``ModelError`` with format `fast`: ``ModelError/Reason/empty`` for no bytes,
    ///   ``ModelError/Reason/malformed(_:)`` when the magic is wrong,
    ///   ``ModelError/Reason/truncated`` for fewer than 20 bytes, and
    ///   ``ModelError/Reason/unsupported(_:)`` for a major version other than 3 (2.x files are
    ///   not read, see ``FastCodec``).
    init(reading bytes: some Collection<UInt8>) throws(ModelError) {
        guard !bytes.isEmpty else { throw ModelError(.empty, format: FastReader.format) }
        guard bytes.starts(with: Self.magic) || (bytes.count < 4 && Self.magic.starts(with: bytes)) else {
            throw ModelError(.malformed("not a FastCoding file (the magic is not \"TSAF\")"), format: FastReader.format, offset: 0)
        }
        guard bytes.count >= Self.size else { throw ModelError(.truncated, excerpt: "header", format: FastReader.format, offset: bytes.count) }
        let head = Array(bytes.prefix(Self.size))
        func u16(_ at: Int) -> UInt16 { UInt16(head[at]) | UInt16(head[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
        self.init(majorVersion: u16(4), minorVersion: u16(6), objectCount: u32(8), classCount: u32(12), stringCount: u32(16))
        guard majorVersion == 3 else {
            throw ModelError(
                .unsupported("FastCoding version \(majorVersion).\(minorVersion) files; only 3.x is read (2.x files are legacy, see the fast codec's documentation)"),
                format: FastReader.format, offset: 4)
        }
    }

    /// The 20 bytes of this header.
    var bytes: [UInt8] {
        var result = Self.magic
        result.reserveCapacity(Self.size)
        for half in [majorVersion, minorVersion] { result += [UInt8(half & 0xFF), UInt8(half >> 8)] }
        for count in [objectCount, classCount, stringCount] {
            result += [UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8((count >> 16) & 0xFF), UInt8(count >> 24)]
        }
        return result
    }
}
