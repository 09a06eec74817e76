import Foundation

/// Where the library looks things up: the codecs, the model types that files may name, the
/// identity map `Live` properties resolve through, and the folder relative paths resolve
/// against. Every entry point that needs any of them takes a context; the default,
/// `ModelContext()`, is the process-wide one: ``FormatRegistry/shared``, ``ModelRegistry/shared``,
/// no identity map, and ``ModelLocations/applicationSupport``.
///
/// ```swift
/// let types = ModelRegistry()
/// types.register(Dog.self, name: "Hound")
/// let context = ModelContext(types: types, applicationSupport: folder)
/// try dog.write(to: "Dogs/Rex.fast", format: .fast, context: context)   // in `folder`
/// let rex = try Dog(contentsOf: "Dogs/Rex.fast", context: context)
/// ```
///
/// A context is a small value holding references: copies share the registries and the map.
public struct ModelContext: Sendable {
    /// The codecs: writing by format name, reading by content.
    package var formats: FormatRegistry
    /// The model types that formats which store types (`$class`) may name.
    package var types: ModelRegistry
    /// The identity map `Live` properties resolve through; `nil` decodes each `Live` value as
    /// an instance of its own, registered in no map.
    package var identityMap: IdentityMap?
    /// The folder relative paths resolve against; `nil` is
    /// ``ModelLocations/applicationSupport``.
    package var applicationSupport: URL?
    /// How much a decode with this context may build: nesting, values and bytes of strings
    /// (`DecodingLimits()` unless set).
    package var limits: DecodingLimits

    /// Creates a context; every part defaults to the shared one, and the limits to
    /// `DecodingLimits()`.
    public init(
        formats: FormatRegistry = .shared, types: ModelRegistry = .shared, identityMap: IdentityMap? = nil,
        applicationSupport: URL? = nil, limits: DecodingLimits = DecodingLimits()
    ) {
        self.limits = limits
        self.formats = formats
        self.types = types
        self.identityMap = identityMap
        self.applicationSupport = applicationSupport
    }

    /// `path` itself when absolute, else `path` inside the context's application-support folder.
    package func url(for path: String) -> URL {
        guard let applicationSupport, !path.hasPrefix("/") else { return ModelLocations.saveURL(for: path) }
        return applicationSupport.appendingPathComponent(path)
    }

    /// Runs `body` with this context's ``limits`` as the current ones: every reader and the
    /// model coders it calls keep to them.
    package func withLimits<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if limits == DecodingLimits.current { return try body() }
        return try DecodingLimits.$current.withValue(limits) { Result { () throws(E) -> T in try body() } }.get()
    }

    /// A decoder reading with this context's types and identity map; a codec that reads models
    /// itself gets the whole context from it.
    package var decoder: ModelDecoder { ModelDecoder(context: self, typed: true) }

    /// A decoder reading plain trees (no `$class`, no `$alias`: untyped objects and JSON) with
    /// this context's identity map.
    package var plainDecoder: ModelDecoder { ModelDecoder(context: self, typed: false) }

    /// An encoder writing with this context's types; a codec that writes models itself gets the
    /// whole context from it.
    package var encoder: ModelEncoder { ModelEncoder(context: self, typed: true) }

    /// An encoder writing plain trees (no `$class`, no `$alias`), in the shape of the input.
    package var plainEncoder: ModelEncoder { ModelEncoder(context: self, typed: false) }
}
