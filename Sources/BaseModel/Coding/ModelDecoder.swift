import Foundation

/// Decodes `Decodable` values, models above all, from a ``ModelValue`` tree.
///
/// For a ``Model`` type it applies the type's remote key paths, key case, transformers,
/// uncodable keys and coercion, and fills keys missing from the input with the defaults of the
/// type's `init()`. Plain `Codable` types nested in a model inherit the model's key case and
/// coercion. `Date`, `Data`, `URL`, `Decimal` and `ModelValue` are read from their natural tree
/// forms (a date or an ISO-8601 string, data or a base64 string, a URL string).
///
/// ```swift
/// let game = try ModelDecoder().decode(Game.self, from: ["game_id": "93"])
/// ```
package struct ModelDecoder: Sendable {
    /// When set, the decoder reads *typed trees* (see ``FormatCodec``): a dictionary's `$class`
    /// picks the registered model type to build (a `Dog` for an `Animal` property, when `Dog` is
    /// a registered subclass), and `{"$alias": path}` gives the class instance already decoded at
    /// that path, so shared instances stay shared. `nil` (the default) reads plain trees.
    var registry: ModelRegistry?

    /// The identity map that `Live` properties resolve through; `nil` (the default) resolves
    /// them through a map made for each decode, so one payload's repeated identifiers are one
    /// instance and no shared map is written to.
    var identityMap: IdentityMap?

    /// The rest of the context the decoder was made from (its codecs, folder and limits), handed
    /// on with ``context`` to a codec that reads models itself; `nil` for a decoder made without one.
    private var base: ModelContext?

    /// Creates a decoder; pass a registry to read typed trees, and a map for `Live` properties.
    package init(registry: ModelRegistry? = nil, identityMap: IdentityMap? = nil) {
        self.registry = registry
        self.identityMap = identityMap
    }

    /// A decoder reading with `context`'s model types when `typed` (else plain trees) and its
    /// identity map, which hands the whole context on (``context``).
    init(context: ModelContext, typed: Bool) {
        registry = typed ? context.types : nil
        identityMap = context.identityMap
        base = context
    }

    /// Decodes a value of `type` from `value`.
    ///
    /// - Throws: ``ModelError`` with the path of the offending value (in the input's keys), the
    ///   expected and found kinds and an excerpt.
    package func decode<T: Decodable>(_ type: T.Type, from value: ModelValue) throws(ModelError) -> T {
        try TreeDecoder.decode(type, from: value, plain: false, registry: registry, report: nil, identityMap: identityMap)
    }

    /// Decodes a value of `type` from `value` and adds to `report` what did not fit.
    ///
    /// - Throws: ``ModelError`` as ``decode(_:from:)`` does.
    func decode<T: Decodable>(
        _ type: T.Type, from value: ModelValue, report: inout ModelReport
    ) throws(ModelError) -> T {
        try withUnsafeMutablePointer(to: &report) { pointer throws(ModelError) in
            try TreeDecoder.decode(type, from: value, plain: false, registry: registry, report: pointer, identityMap: identityMap)
        }
    }

    /// The context the decoder was made from, with this decoder's model types (the context's
    /// when it has none: a format that stores types reads them with those) and identity map; the
    /// process-wide parts for a decoder made without a context.
    var context: ModelContext {
        var context = base ?? ModelContext()
        if let registry { context.types = registry }
        context.identityMap = identityMap
        return context
    }
}
