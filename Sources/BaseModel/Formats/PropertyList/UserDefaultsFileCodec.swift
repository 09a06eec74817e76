import Foundation

/// The `user-defaults` format written to a file: a binary property list, as BaseModel's
/// `writeToFile:format:` wrote for `BMFileFormatUserDefaults`. ``SharedModel/save()`` stores into the
/// defaults instead. Reading such a file is the binary plist codec's job, so this codec never
/// claims bytes in detection.
public struct UserDefaultsFileCodec: FormatCodec {
    private let plist = BinaryPropertyListCodec()

    /// Creates the codec.
    public init() {}

    /// ``ModelFormat/userDefaults``.
    public var format: ModelFormat { .userDefaults }
    /// `plist`.
    public var fileExtension: String { "plist" }

    /// Always `nil`: the bytes are a binary property list.
    public func confidence(for data: Data) -> Int? { nil }

    /// Reads the binary property list.
    ///
    /// - Throws: ``ModelError`` as ``BinaryPropertyListCodec/decodeTree(from:)``.
    public func decodeTree(from data: Data) throws(ModelError) -> ModelValue { try plist.decodeTree(from: data) }

    /// Writes a binary property list.
    ///
    /// - Throws: ``ModelError`` as ``BinaryPropertyListCodec/encodeTree(_:)`` (null has no form).
    public func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data { try plist.encodeTree(tree) }
}
