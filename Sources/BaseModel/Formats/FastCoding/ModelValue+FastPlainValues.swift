import Foundation

extension ModelValue {
    /// Reads a FastCoding file as plain values only, FastCoding's `propertyListWithData:`: nil
    /// chunks, class definitions, objects, NSCoded objects and embedded keyed archives are
    /// refused. Use it for `.fast` files from sources you do not trust. A container met again
    /// (shared, or in a cycle) is `{"$alias": "<key path of its first place>"}`, as in
    /// ``init(data:context:)``.
    ///
    /// ```swift
    /// let tree = try ModelValue(fastPlainValues: untrusted)
    /// ```
    ///
    /// - Throws: ``ModelError`` with format `fast` and the byte offset: any object tag
    ///   (``ModelError/Reason/unsupported(_:)``), and everything ``init(data:context:)`` throws for
    ///   a malformed file.
    public init(fastPlainValues data: Data) throws(ModelError) {
        self = try FastCodec(safe: true).decodeTree(from: data)
    }
}
