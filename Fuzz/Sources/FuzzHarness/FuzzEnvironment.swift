import BaseModel
import BaseModelCrypto
import Crypto
import Foundation

/// What every fuzz target decodes with: the model types files may name, the codecs (the core's,
/// CryptoCoding with a fixed password, and the envelope with a fixed raw key), and coders built
/// on them. Built once per process.
enum FuzzEnvironment {
    /// The fixed password of the `crypto` codec.
    static let password = "fuzz password"

    /// The fixed raw key of the `encrypted` codec. A raw key, not a password: a header may ask
    /// for up to 256 MiB of scrypt (the limit `EnvelopeKDF` enforces), which would measure the
    /// KDF, not the parser.
    static var key: SymmetricKey { SymmetricKey(data: Data((0..<32).map { UInt8($0) })) }

    /// The fuzz models, registered under their type names.
    static let types: ModelRegistry = {
        let types = ModelRegistry()
        for type: any Model.Type in [
            FuzzDocument.self, FuzzItem.self, FuzzOwner.self, FuzzFolder.self, FuzzSettings.self, FuzzUser.self,
        ] {
            types.register(type)
        }
        return types
    }()

    /// The core's formats, taken from `FormatRegistry.shared`.
    static let coreFormats: [ModelFormat] = [
        .json, .xmlPropertyList, .binaryPropertyList, .keyedArchive, .hrXML, .hrJSON, .hrBinary, .userDefaults, .fast,
    ]

    /// Every format ``formats`` holds, in registration order.
    static let registeredFormats: [ModelFormat] = coreFormats + [.cryptoCoding, .encrypted]

    /// The core's codecs plus `crypto` and `encrypted` (sealing JSON).
    static let formats: FormatRegistry = {
        let shared = FormatRegistry.shared
        let formats = FormatRegistry(codecs: coreFormats.map { format in
            guard let codec = try? shared.codec(for: format) else { fatalError("no core codec for \(format)") }
            return codec
        })
        CryptoFormats.register(passwords: .fixed(password), in: formats)
        formats.register(envelope(sealing: .json, in: formats))
        return formats
    }()

    /// An envelope codec with the fixed key, sealing `inner` (opening reads the inner format
    /// from the header, so every such codec opens every envelope).
    static func envelope(sealing inner: ModelFormat, in formats: FormatRegistry) -> any FormatCodec {
        CryptoFormats.envelope(key: key, inner: inner, formats: formats)
    }

    /// Detection and `Model(data:)` go through this.
    static let context = ModelContext(formats: formats, types: types)

    /// The context models are read and written with through a codec: the fuzz types (used by
    /// the formats that store types; the others ignore them), and a new identity map per call,
    /// so ids met twice in one file merge but inputs never share instances.
    static var codingContext: ModelContext { ModelContext(formats: formats, types: types, identityMap: IdentityMap()) }

    /// ``codingContext`` with `codec` the only format: `Model(data:context:)` then reads bytes
    /// with that codec (the ones its `confidence(for:)` claims), through its direct model path
    /// where it has one, and `data(format:context:)` writes with it.
    static func codingContext(for codec: any FormatCodec) -> ModelContext {
        ModelContext(formats: FormatRegistry(codecs: [codec]), types: types, identityMap: IdentityMap())
    }

    /// The codec of `format`; the registry holds every format a target names.
    static func codec(_ format: ModelFormat) -> any FormatCodec {
        guard let codec = try? formats.codec(for: format) else { fatalError("no codec for \(format)") }
        return codec
    }
}
