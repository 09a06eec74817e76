import Crypto
import Foundation

/// The `encrypted` format: an authenticated AES-256-GCM envelope around any inner format's
/// bytes, the format for new encrypted files. Extension `sealed`.
///
/// The file is a short header (magic, version, KDF and its parameters, salt, nonce, key check,
/// inner format, label; the article Encryption has the layout) followed by the AES-GCM ciphertext and
/// tag. The whole header is the additional authenticated data, so every byte of the file is
/// covered. The key comes from a password through scrypt (PBKDF2-SHA256 envelopes are read
/// too), or is a raw 256-bit `SymmetricKey`.
///
/// ```swift
/// CryptoFormats.register(passwords: .fixed("correct horse"))
/// try list.write(to: "TodoList.sealed", format: .encrypted)
/// let back = try TodoList(contentsOf: "TodoList.sealed")
/// ```
///
/// What it protects against: reading the file, and changing it — a flipped bit anywhere, a
/// truncated file or a wrong password is a typed error, never garbage. What it does not: an
/// attacker who knows or guesses the password (scrypt only slows guessing), replacing the file
/// with an older file sealed under the same password, or revealing the file's size and the type
/// name in the label (the header is authenticated, not encrypted).
///
/// Errors (`ModelError` with format `encrypted`): `truncated` for a file that ends inside the
/// header or tag; ``CryptoError/authenticationFailed`` for a damaged header (its checksum) or
/// damaged ciphertext or tag (GCM); ``CryptoError/wrongPassword`` when the header is intact but
/// the key check does not match the derived key; ``CryptoError/passwordRequired`` when no
/// password or key is available; `unsupported` for an envelope sealing another envelope, and
/// for sealed bytes past the decode's `DecodingLimits` (they are read one level deeper, within
/// what is left of its budget).
///
/// One reader and one writer (`GraphCodec`), the inner format's: the sealed bytes are read into
/// the inner format's graph and a model, tree or graph is written through its writer
/// (``EnvelopeWriter``), so what the inner format keeps is kept inside the envelope too: shared
/// objects and containers, cycles, mutable containers and strings, 4-byte floats (keyed
/// archives, fast, HR). Inside a plain format (JSON, property lists) the envelope holds a typed
/// tree, with `$class` and `$alias`, read back as the graph it stands for.
///
/// Internal: users register it with ``CryptoFormats/register(passwords:inner:in:)`` or build one
/// with ``CryptoFormats/envelope(passwords:inner:formats:)`` or
/// ``CryptoFormats/envelope(key:inner:formats:)``.
struct EnvelopeCodec: GraphCodec {
    /// The secret.
    let secret: EnvelopeSecret
    /// The KDF new files are written with when the secret is a password.
    let kdf: EnvelopeKDF
    /// The format of the sealed bytes in new files.
    let inner: ModelFormat
    /// Where inner codecs are looked up.
    let formats: FormatRegistry

    /// Creates the codec. New files sealed with a password derive their key with scrypt
    /// (N = 2^15, r = 8, p = 1).
    ///
    /// - Parameters:
    ///   - secret: default: the ``EncryptedModel`` types of `ModelRegistry.shared`.
    ///   - inner: the format of the sealed bytes; default `ModelFormat.keyedArchive`.
    ///   - formats: where the inner codec is found; default `FormatRegistry.shared`.
    init(
        secret: EnvelopeSecret = .passwords(.modelTypes()), inner: ModelFormat = .keyedArchive, formats: FormatRegistry = .shared
    ) {
        self.init(secret: secret, kdf: .strong, inner: inner, formats: formats)
    }

    /// Creates the codec with another KDF for new files (`kdf` is ignored for a raw key).
    init(
        secret: EnvelopeSecret = .passwords(.modelTypes()), kdf: EnvelopeKDF, inner: ModelFormat = .keyedArchive,
        formats: FormatRegistry = .shared
    ) {
        self.secret = secret
        self.kdf = kdf
        self.inner = inner
        self.formats = formats
    }

    /// `ModelFormat.encrypted`.
    var format: ModelFormat { .encrypted }
    /// `sealed`.
    var fileExtension: String { "sealed" }
    /// Models are sealed as typed documents (with their classes and shared objects) whatever the
    /// inner format, so types and shared objects survive even inside JSON.
    var storesTypes: Bool { true }

    /// 100 for bytes that start with the magic `BMSEAL`.
    func confidence(for data: Data) -> Int? {
        data.starts(with: EnvelopeHeader.magic) ? 100 : nil
    }

    /// Opens the envelope and reads the inner bytes into the inner format's graph (its own for
    /// a format that stores types; a plain format's typed tree as the graph it stands for), as
    /// a part of this decode: one level deeper, within what is left of its `DecodingLimits`.
    ///
    /// - Throws: as ``decodeTree(from:)``.
    func readGraph(from data: Data) throws(ModelError) -> InputIndex {
        try StackReserve.run { () throws(ModelError) -> InputIndex in
            let (codec, plaintext) = try openInner(data)
            return try DecodingLimits.decodeNested(inputOf: data.count, format: format.rawValue) { () throws(ModelError) -> InputIndex in
                try codec.readTypedGraph(from: plaintext)
            }
        }
    }

    /// Opens the envelope and reads the inner bytes in the format the header names, as a part of
    /// this decode: one level deeper, within what is left of its `DecodingLimits`.
    ///
    /// - Throws: `ModelError` as described on the type; `ModelError.Reason.unsupported(_:)` for
    ///   an envelope sealing another envelope (which this library never writes) and for nesting
    ///   past `DecodingLimits`; then the inner codec's errors.
    func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            let (codec, plaintext) = try openInner(data)
            return try DecodingLimits.decodeNested(inputOf: data.count, format: format.rawValue) { () throws(ModelError) -> ModelValue in
                try codec.decodeTree(from: plaintext)
            }
        }
    }

    /// Opens the envelope: the codec of the inner format it names, and the plaintext.
    ///
    /// - Throws: as ``open(_:)``; ``envelopeInEnvelope`` when the inner format is `encrypted`, and
    ///   `ModelError.Reason.unsupported(_:)` when ``formats`` has no codec for it.
    private func openInner(_ data: Data) throws(ModelError) -> (codec: any FormatCodec, plaintext: Data) {
        let plaintext = try open(data)
        guard plaintext.format != .encrypted else { throw Self.envelopeInEnvelope }
        return (try formats.codec(for: plaintext.format), plaintext.bytes)
    }

    /// The error for an envelope whose inner format is `encrypted`: one key seals a file once.
    static let envelopeInEnvelope = ModelError(
        .unsupported("an envelope sealing another envelope; seal the inner format's bytes once"), format: ModelFormat.encrypted.rawValue)

    /// A writer of one envelope: the value goes to the ``inner`` format's writer (a typed tree
    /// for a plain format), and the document is sealed when it is done, labelled with the root's
    /// class name. Its `finish()` throws `ModelError.Reason.passwordRequired(_:)` when there is no
    /// password for the label, ``envelopeInEnvelope`` when the inner format is `encrypted`,
    /// `ModelError.Reason.unsupported(_:)` when ``formats`` has no codec for it, and the inner
    /// writer's errors.
    func makeWriter() -> any DocumentWriter {
        let inner = inner
        guard inner != .encrypted else { return Self.refusingWriter(Self.envelopeInEnvelope) }
        let codec: any FormatCodec
        do {
            codec = try formats.codec(for: inner)
        } catch {
            return Self.refusingWriter(error)
        }
        return EnvelopeWriter(inner: codec.makeTypedDocumentWriter()) { bytes, label throws(ModelError) in
            try seal(bytes, format: inner, label: label)
        }
    }

    /// A writer that takes a value and makes no envelope: its `finish()` throws `error`.
    private static func refusingWriter(_ error: ModelError) -> any DocumentWriter {
        TypedTreeDocumentWriter { _ throws(ModelError) in throw error }
    }

    /// Seals `bytes`, recording `format` and `label` in the header.
    ///
    /// - Throws: `ModelError.Reason.passwordRequired(_:)` when there is no password for `label`;
    ///   `ModelError.Reason.unsupported(_:)` when `format` is `encrypted`.
    func seal(_ bytes: Data, format: ModelFormat, label: String) throws(ModelError) -> Data {
        guard format != .encrypted else { throw Self.envelopeInEnvelope }
        let fileKDF: EnvelopeKDF
        let master: SymmetricKey
        let salt: Data
        switch secret.kind {
        case .key(let key):
            (fileKDF, master, salt) = (.rawKey, key.key, Data(count: 16))
        case .passwords(let provider):
            guard let password = provider.password(for: label.isEmpty ? nil : label) else {
                throw ModelError(.passwordRequired("no password is known for \(label.isEmpty ? "this file" : label)"), format: self.format.rawValue)
            }
            try kdf.validate()
            guard kdf != .rawKey else { throw ModelError(.invalidValue("a password needs a KDF, not rawKey"), format: self.format.rawValue) }
            salt = SecureRandom.bytes(16)
            (fileKDF, master) = (kdf, try kdf.masterKey(password: password, salt: salt))
        }
        let keys = EnvelopeKeys(master: master)
        let header = try EnvelopeHeader(
            kdf: fileKDF, salt: salt, nonce: SecureRandom.bytes(12), keyCheck: keys.check,
            innerFormat: format.rawValue, label: label
        ).encoded()
        do {
            let box = try AES.GCM.seal(bytes, using: keys.encryption, nonce: try AES.GCM.Nonce(data: header[38..<50]), authenticating: header)
            return header + box.ciphertext + box.tag
        } catch {
            throw ModelError(.unsupported("AES-GCM failed: \(error)"), format: self.format.rawValue)
        }
    }

    /// Opens an envelope: the inner format it names and the plaintext.
    ///
    /// - Throws: `ModelError` as described on the type.
    func open(_ data: Data) throws(ModelError) -> (format: ModelFormat, bytes: Data) {
        let (header, headerLength) = try EnvelopeHeader.decode(data)
        let master: SymmetricKey
        switch (secret.kind, header.kdf) {
        case (.key(let key), .rawKey):
            master = key.key
        case (.passwords(let provider), let kdf) where kdf != .rawKey:
            guard let password = provider.password(for: header.label.isEmpty ? nil : header.label) else {
                throw ModelError(
                    .passwordRequired("the envelope holds \(header.label.isEmpty ? "data" : header.label) and no password is known for it"),
                    format: format.rawValue)
            }
            master = try kdf.masterKey(password: password, salt: header.salt)
        case (.key, _):
            throw ModelError(.passwordRequired("the envelope was sealed with a password, this codec has a raw key"), format: format.rawValue)
        case (.passwords, _):
            throw ModelError(.passwordRequired("the envelope was sealed with a raw key, this codec has passwords"), format: format.rawValue)
        }
        let keys = EnvelopeKeys(master: master)
        guard keys.check == header.keyCheck else { throw ModelError(.wrongPassword, format: format.rawValue) }
        let start = data.startIndex
        let aad = data[start..<(start + headerLength)]
        let ciphertext = data[(start + headerLength)..<(data.endIndex - EnvelopeHeader.tagByteCount)]
        let tag = data[(data.endIndex - EnvelopeHeader.tagByteCount)...]
        do {
            let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: header.nonce), ciphertext: ciphertext, tag: tag)
            return (ModelFormat(rawValue: header.innerFormat), try AES.GCM.open(box, using: keys.encryption, authenticating: aad))
        } catch {
            throw ModelError(.authenticationFailed, format: format.rawValue)
        }
    }
}
