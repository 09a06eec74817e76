import Foundation

/// The codecs known to the library, by format, detection by content, and the
/// storages of the formats that keep shared instances somewhere other than a
/// file (user defaults, the keychain).
///
/// Loading never trusts a file's extension: detection asks every codec how sure it is that
/// the bytes are its format and takes the most certain (BaseModel 2.6 did the same by first byte,
/// then by parsing). The built-in codecs are registered on first use; other targets (crypto,
/// keychain) register theirs with ``register(_:)``.
public final class FormatRegistry: Sendable {
    private let codecs: Locked<[ModelFormat: any FormatCodec]>
    private let order: Locked<[ModelFormat]>
    private let storages: Locked<[ModelFormat: any SharedInstanceStorage]>

    /// The registry the library uses: the built-in codecs, and user defaults as a
    /// shared-instance storage.
    public static let shared = FormatRegistry(codecs: builtInCodecs, storages: [.userDefaults: UserDefaultsStorage()])

    /// Creates a registry holding `codecs`, and user defaults as the shared-instance storage of
    /// ``ModelFormat/userDefaults``, as in ``shared``: a shared instance whose
    /// ``SharedModel/context`` has this registry saves in user defaults without a codec for them.
    public convenience init(codecs: [any FormatCodec] = []) {
        self.init(codecs: codecs, storages: [.userDefaults: UserDefaultsStorage()])
    }

    private init(codecs: [any FormatCodec], storages: [ModelFormat: any SharedInstanceStorage]) {
        self.codecs = Locked(Dictionary(codecs.map { ($0.format, $0) }, uniquingKeysWith: { $1 }))
        self.order = Locked(codecs.map(\.format))
        self.storages = Locked(storages)
    }

    /// Adds or replaces the codec for its format.
    public func register(_ codec: any FormatCodec) {
        codecs.withLock { $0[codec.format] = codec }
        order.withLock { if !$0.contains(codec.format) { $0.append(codec.format) } }
    }

    /// Makes `storage` the place where shared instances saved in `format` live (replacing an
    /// earlier registration): ``SharedModel/save(overwriting:)`` hands them to it, and loading takes the
    /// storage's layer instead of a save file's.
    package func register(_ storage: any SharedInstanceStorage, for format: ModelFormat) {
        storages.withLock { $0[format] = storage }
    }

    /// The shared-instance storage registered for `format`, or `nil` when the format saves to
    /// a file.
    package func storage(for format: ModelFormat) -> (any SharedInstanceStorage)? {
        storages.withLock { $0[format] }
    }

    /// The codec for `format`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` when no codec is registered for it.
    public func codec(for format: ModelFormat) throws(ModelError) -> any FormatCodec {
        guard let codec = codecs.withLock({ $0[format] }) else {
            throw ModelError(.unsupported("no codec registered for the format \"\(format)\""))
        }
        return codec
    }

    /// Every registered format, in registration order.
    package var formats: [ModelFormat] { order.withLock { $0 } }

    /// The codec whose format the bytes are, by content alone: the registered codec most sure
    /// of them (``FormatCodec/confidence(for:)``), as `init(data:)` and `basemodel inspect` choose.
    ///
    /// ```swift
    /// let codec = try FormatRegistry.shared.detect(bytes)
    /// let format = codec.format                                    // .fast, .keyedArchive, …
    /// let tree = try codec.decodeTree(from: bytes)
    /// ```
    ///
    /// Only the shape of the bytes is looked at: a file that is detected may still fail to
    /// decode. Formats of other targets are detected once registered (the crypto target's with
    /// `CryptoFormats.register`).
    ///
    /// - Throws: ``ModelError/Reason/empty`` for empty data, and
    ///   ``ModelError/Reason/malformed(_:)`` when no codec recognises the bytes.
    public func detect(_ data: Data) throws(ModelError) -> any FormatCodec {
        try StackReserve.run { () throws(ModelError) -> any FormatCodec in
            guard !data.isEmpty else { throw ModelError(.empty) }
            var best: (codec: any FormatCodec, confidence: Int)?
            for format in formats {
                guard let codec = codecs.withLock({ $0[format] }), let confidence = codec.confidence(for: data) else { continue }
                if confidence > best?.confidence ?? Int.min { best = (codec, confidence) }
            }
            guard let best else {
                throw ModelError(.malformed("not a format this library reads"), excerpt: ModelValue.dataSummary(data.prefix(16)))
            }
            return best.codec
        }
    }

    /// The codecs built into the core, registered in ``shared``.
    static var builtInCodecs: [any FormatCodec] {
        [
            JSONCodec(), XMLPropertyListCodec(), BinaryPropertyListCodec(), KeyedArchiveCodec(),
            HRXMLCodec(), HRJSONCodec(), HRBinaryCodec(), UserDefaultsFileCodec(), FastCodec(),
        ]
    }
}
