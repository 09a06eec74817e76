import Foundation

extension Model {
    /// The model as a tree in the shape of its input: remote keys, transformers applied in
    /// reverse, uncodable properties and `nil` values left out; a ``schemaVersion`` other than 1
    /// as the key `$schemaVersion`, so that ``init(object:context:)`` does not migrate it again.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails.
    public func treeRepresentation() throws(ModelError) -> ModelValue {
        try Self.stamped(ModelEncoder().encode(self))
    }

    /// The model as a `[String: Any]` in the shape of its input (BaseModel's
    /// `dictionaryRepresentation`): remote keys, nested models as dictionaries, `nil` values left
    /// out, dates as `Date`, data as `Data`, booleans as boolean `NSNumber`s. Feeding it back to
    /// ``Model/init(object:context:)`` gives an equal model.
    ///
    /// A model whose encoding fails (a transformer that throws) gives an empty dictionary; call
    /// ``treeRepresentation()`` to see the error.
    public var dictionaryRepresentation: [String: Any] {
        guard let tree = try? treeRepresentation() else { return [:] }
        return tree.foundationValue as? [String: Any] ?? [:]
    }
}
