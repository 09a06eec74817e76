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

    /// The rest of the context the encoder was made from, handed on with ``context`` to a codec
    /// that writes models itself; `nil` for an encoder made without one.
    private var base: ModelContext?

    /// Creates an encoder; pass a registry to write typed trees.
    package init(registry: ModelRegistry? = nil) {
        self.registry = registry
    }

    /// An encoder writing typed trees with `context`'s model types when `typed` (else plain
    /// trees), which hands the whole context on (``context``).
    init(context: ModelContext, typed: Bool) {
        registry = typed ? context.types : nil
        base = context
    }

    /// Encodes `value` into a tree.
    ///
    /// - Throws: ``ModelError`` when a transformer or a hand-written `encode(to:)` fails, with the
    ///   path of the value.
    package func encode<T: Encodable>(_ value: T) throws(ModelError) -> ModelValue {
        try TreeEncoder.encode(value, plain: false, registry: registry)
    }

    /// The context the encoder was made from, with this encoder's model types (the context's
    /// when it has none: a format that stores types writes them with those); the process-wide
    /// parts for an encoder made without a context.
    var context: ModelContext {
        var context = base ?? ModelContext()
        if let registry { context.types = registry }
        return context
    }
}
