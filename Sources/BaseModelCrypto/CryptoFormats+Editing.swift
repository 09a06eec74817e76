import Foundation

extension CryptoFormats {
    /// An envelope (`ModelFormat.encrypted`) with its sealed bytes changed by `edit` and sealed
    /// again as the file was: the same password (asked with the same label), the same key
    /// derivation and parameters, the same inner format and label; a fresh salt and nonce. What
    /// `basemodel set` and `remove` do to an encrypted file.
    ///
    /// The codec is the one `formats` has registered for `encrypted` (its passwords or key).
    ///
    /// - Throws: ``ModelError`` as opening and sealing an envelope throw (a wrong or missing
    ///   password, a damaged file), `unsupported` when `formats` has no envelope codec, and what
    ///   `edit` throws.
    package static func resealing(
        _ data: Data, in formats: FormatRegistry, edit: (Data, ModelFormat) throws(ModelError) -> Data
    ) throws(ModelError) -> Data {
        guard let codec = try formats.codec(for: .encrypted) as? EnvelopeCodec else {
            throw ModelError(.unsupported("no envelope codec is registered for \"encrypted\""), format: ModelFormat.encrypted.rawValue)
        }
        let header = try EnvelopeHeader.decode(data).header
        let (inner, plaintext) = try codec.open(data)
        guard inner != .encrypted else { throw EnvelopeCodec.envelopeInEnvelope }
        let edited = try edit(plaintext, inner)
        let sealer = EnvelopeCodec(
            secret: codec.secret, kdf: header.kdf == .rawKey ? codec.kdf : header.kdf, inner: inner, formats: codec.formats)
        return try sealer.seal(edited, format: inner, label: header.label)
    }
}
