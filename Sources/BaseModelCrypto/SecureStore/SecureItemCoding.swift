import Foundation

/// How a value becomes an item's bytes, as FXKeychain stored them: a string as its UTF-8 bytes,
/// anything else as a binary property list; a string that itself begins with `bplist` and parses
/// as one is stored as a binary plist of the string (FXKeychain 1.3.4's guard against a password
/// like `bplist00…` reading back as a dictionary).
///
/// Reading: bytes that begin with `bplist` and parse are that value (keyed archives, with
/// `$archiver`, are refused: NSCoding was off); anything else is a UTF-8 string.
enum SecureItemCoding {
    private static let prefix = Data("bplist".utf8)

    /// The bytes for `value`.
    ///
    /// - Throws: `ModelError` when a binary plist cannot hold the value (a `null`).
    static func encode(_ value: ModelValue) throws(ModelError) -> Data {
        if case .string(let text) = value {
            let bytes = Data(text.utf8)
            guard bytes.starts(with: prefix), (try? BinaryPropertyListCodec().decodeTree(from: bytes)) != nil else { return bytes }
        }
        return try BinaryPropertyListCodec().encodeTree(value)
    }

    /// The value of an item's bytes.
    ///
    /// - Throws: `ModelError.Reason.unsupported(_:)` for a keyed archive, and
    ///   `ModelError.Reason.malformed(_:)` for bytes that are neither a plist nor UTF-8.
    static func decode(_ bytes: Data) throws(ModelError) -> ModelValue {
        if bytes.starts(with: prefix), let value = try? BinaryPropertyListCodec().decodeTree(from: bytes) {
            if case .string("NSKeyedArchiver")? = value["$archiver"] {
                throw ModelError(.unsupported("keyed archives are not read from the keychain"), format: ModelFormat.keychain.rawValue)
            }
            return value
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw ModelError(.malformed("an item is neither a binary plist nor UTF-8"), format: ModelFormat.keychain.rawValue)
        }
        return .string(text)
    }
}
