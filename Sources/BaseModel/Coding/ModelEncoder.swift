import Foundation

/// Encodes `Encodable` values, models above all, into a ``ModelValue`` tree.
///
/// For a ``Model`` type it writes each property at its remote path (creating nested
/// dictionaries for dotted paths), in the type's key case, through its transformer, and leaves out
/// uncodable properties and `nil` optionals. `Date`, `Data`, `URL` and `Decimal` become their
/// natural tree forms.
///
/// ```swift
/// let tree = try ModelEncoder().encode(game)   // ["game_id": "93", "venue": ["address": …]]
/// ```
package struct ModelEncoder: Sendable {
    /// When set, the encoder writes a *typed tree* (see ``FormatCodec``): every model dictionary
    /// starts with `"$class"`, its registered name, and a class instance met again is written as
    /// `{"$alias": "<key path of its first occurrence>"}`, so the graph keeps its shape.
    var registry: ModelRegistry?

    /// Creates an encoder; pass a registry to write typed trees.
    package init(registry: ModelRegistry? = nil) {
        self.registry = registry
    }

    /// Encodes `value` into a tree.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails, with the
    ///   path of the value.
    package func encode<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try TreeEncoder.encode(value, plain: false, registry: registry)
    }

    /// A context with this encoder's model types (the shared ones when it has none: a format
    /// that stores types writes them with those).
    var context: ModelContext { ModelContext(types: registry ?? .shared) }
}
