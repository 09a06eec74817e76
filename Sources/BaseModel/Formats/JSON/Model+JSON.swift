import Foundation

extension Model {
    /// The model as JSON, in the shape of its input: compact by default (what
    /// `data(format: .json)` gives, with `$schemaVersion` when ``schemaVersion`` is not 1), or
    /// laid out for a person.
    ///
    /// ```swift
    /// let text = String(decoding: try game.jsonData(prettyPrinted: true, sortedKeys: true), as: UTF8.self)
    /// ```
    ///
    /// - Parameters:
    ///   - prettyPrinted: One entry a line, indented two spaces per level.
    ///   - sortedKeys: Keys in ascending UTF-8 order instead of the model's order, so equal
    ///     models give equal bytes.
    /// - Throws: ``ModelError`` when a transformer fails or a number is not finite.
    public func jsonData(prettyPrinted: Bool = false, sortedKeys: Bool = false) throws(ModelError) -> Data {
        var options: JSONWriter.Options = []
        if prettyPrinted { options.insert(.prettyPrinted) }
        if sortedKeys { options.insert(.sortedKeys) }
        // A version other than 1 is added to the tree: through it.
        guard Self.schemaVersion != 1 else { return try JSONCodec.data(of: self, options: options) }
        return try JSONWriter.data(from: treeRepresentation(), options: options)
    }
}
