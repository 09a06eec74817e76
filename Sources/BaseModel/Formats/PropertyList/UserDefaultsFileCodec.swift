import Foundation

/// The `user-defaults` format written to a file: a binary property list, as BaseModel's
/// `writeToFile:format:` wrote for `BMFileFormatUserDefaults`. ``SharedModel/save(overwriting:)`` stores into the
/// defaults instead. Reading such a file is the binary plist codec's job, so this codec never
/// claims bytes in detection.
struct UserDefaultsFileCodec: FormatCodec {
    private let plist = BinaryPropertyListCodec()

    /// Creates the codec.
    init() {}

    /// ``ModelFormat/userDefaults``.
    var format: ModelFormat { .userDefaults }
    /// `plist`.
    var fileExtension: String { "plist" }

    /// Always `nil`: the bytes are a binary property list.
    func confidence(for data: Data) -> Int? { nil }

    /// Reads the binary property list.
    ///
    /// - Throws: ``ModelError`` as ``BinaryPropertyListCodec/decodeTree(from:)``.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue { try plist.decodeTree(from: data) }

    /// Writes a binary property list.
    ///
    /// - Throws: ``ModelError`` as ``BinaryPropertyListCodec/encodeTree(_:)`` (null has no form).
    func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data { try plist.encodeTree(tree) }
}
