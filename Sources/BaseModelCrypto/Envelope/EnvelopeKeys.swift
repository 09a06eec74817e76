import Crypto
import Foundation

/// The keys derived from a master key: the AES-256 key and the 8-byte key check.
struct EnvelopeKeys {
    let encryption: SymmetricKey
    let check: Data

    init(master: SymmetricKey) {
        encryption = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data("BaseModel envelope encryption key".utf8), using: master))
        check = Data(HMAC<SHA256>.authenticationCode(for: Data("BaseModel envelope key check".utf8), using: master).prefix(8))
    }
}
