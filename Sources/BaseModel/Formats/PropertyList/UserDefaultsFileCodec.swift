import Foundation

/// The `user-defaults` format written to a file: a binary property list, as BaseModel's
/// `writeToFile:format:` wrote for `BMFileFormatUserDefaults`. ``SharedModel/save(overwriting:)`` stores into the
/// defaults instead. Reading such a file is the binary plist codec's job, so this codec never
/// claims bytes in detection.
struct UserDefaultsFileCodec: GraphCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/userDefaults``.
    var format: ModelFormat { .userDefaults }
    /// `plist`.
    var fileExtension: String { "plist" }
    /// A plain format: models are written as dictionaries.
    var storesTypes: Bool { false }

    /// Always `nil`: the bytes are a binary property list.
    func confidence(for data: Data) -> Int? { nil }

    /// Reads the property list (binary, or XML) into a graph.
    ///
    /// - Throws: ``ModelError`` as ``BinaryPropertyListCodec/readGraph(from:)``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try PropertyListCodecSupport.readGraph(data, codecFormat: format)
    }

    /// A writer of binary property lists whose errors name this format (null has no form).
    func makeWriter() -> any DocumentWriter { BinaryPropertyListCodec.writer(format: format) }
}
