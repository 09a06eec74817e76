// BaseModelCrypto: encrypted formats (CryptoCoding v2, the AES-GCM envelope) and the secure store.
// Importing it re-exports BaseModel, so one import gives both.
@_exported import BaseModel
// `CryptoFormats.envelope(key:)` takes a SymmetricKey: it comes with this import too.
@_exported import struct Crypto.SymmetricKey
