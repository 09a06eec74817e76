import Foundation

/// What the two property-list codecs share.
enum PropertyListCodecSupport {
    /// The confidence for a property list: 60 for a plain one, 40 for an archive or typed tree.
    static func confidence(for data: Data) -> Int {
        guard let summary = PropertyListDocument.summary(of: data) else { return 60 }
        return summary.hasArchiverKey || summary.hasClassKey ? 40 : 60
    }

    /// Reads either form and converts it to a tree; errors name the form that was read, or
    /// `codecFormat` for bytes of neither form.
    static func decode(_ data: Data, codecFormat: ModelFormat) throws(ModelError) -> ModelValue {
        let format = PropertyListDocument.kind(of: data)?.formatName ?? codecFormat.rawValue
        return try PropertyListDocument.read(data, format: format).modelValue(format: format, uidsAsDictionaries: true)
    }
}
