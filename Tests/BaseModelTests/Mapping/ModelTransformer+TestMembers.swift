@testable import BaseModel

/// Transformers the tests use in several places, declared as a user declares them: static members,
/// named in a table as `.legacyFlag`.
extension ModelTransformer {
    /// FDModel's `"yes"`/`"no"` flags.
    static let legacyFlag = ModelTransformer.bool

    /// Upper case when read, lower case when written.
    static let shout = ModelTransformer(
        name: "shout",
        decode: { value in
            guard case .string(let text) = value else { return value }
            return .string(text.uppercased())
        },
        encode: { value in
            guard case .string(let text) = value else { return value }
            return .string(text.lowercased())
        })
}
