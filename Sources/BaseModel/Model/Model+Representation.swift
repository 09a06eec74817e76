import Foundation

extension Model {
    /// The model as a tree in the shape of its input: remote keys, transformers applied in
    /// reverse, uncodable properties and `nil` values left out.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails.
    public func treeRepresentation() throws(ModelError) -> ModelValue {
        try ModelEncoder().encode(self)
    }

    /// The model as a `[String: Any]` in the shape of its input (BaseModel's
    /// `dictionaryRepresentation`): remote keys, nested models as dictionaries, `nil` values left
    /// out, dates as `Date`, data as `Data`, booleans as boolean `NSNumber`s. Feeding it back to
    /// ``init(object:)`` gives an equal model.
    ///
    /// A model whose encoding fails (a transformer that throws) gives an empty dictionary; call
    /// ``treeRepresentation()`` to see the error.
    public var dictionaryRepresentation: [String: Any] {
        guard let tree = try? treeRepresentation() else { return [:] }
        return tree.foundationValue as? [String: Any] ?? [:]
    }

    /// The model as JSON, in the shape of its input: compact by default (what
    /// `data(format: .json)` gives), or laid out for a person.
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
        return try JSONWriter.data(from: treeRepresentation(), options: options)
    }
}
