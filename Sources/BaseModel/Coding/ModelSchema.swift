import Synchronization

/// What the coders need to know about one model type, computed once and cached: where each
/// property lives in the input, its transformer, whether it is codable, and the type's coercion.
final class ModelSchema: Sendable {
    let typeName: String
    let keyCase: KeyCase
    let coercion: Coercion
    let transformers: [String: ModelTransformer]
    let uncodableKeys: Set<String>
    /// Every property key, in declaration order (as the synthesized `encode(to:)` writes them).
    let propertyKeys: [String]
    /// The remote path of every known property, explicit entries and key-case spellings alike.
    private let remotePaths: [String: RemoteKeyPath]
    /// The model's defaults as a plain tree (local keys, every property), made on demand because
    /// `init()` may give a new value each time (a fresh identifier, a date).
    private let defaultsMaker: any DefaultsMaking

    /// A fresh defaults tree: `init()` encoded in plain form.
    func makeDefaults() -> ModelValue { defaultsMaker.defaultsTree() }

    private init<M: Model>(_ type: M.Type) {
        typeName = M.typeName
        keyCase = M.keyCase
        coercion = M.coercion
        transformers = M.transformers
        uncodableKeys = M.uncodableKeys
        propertyKeys = PropertyKeyRecorder.keys(of: M())
        var paths: [String: RemoteKeyPath] = [:]
        for key in propertyKeys { paths[key] = RemoteKeyPath.key(M.keyCase.remoteKey(for: key)) }
        for (key, path) in M.keyPaths { paths[key] = path }
        remotePaths = paths
        defaultsMaker = DefaultsMaker<M>()
    }

    /// The remote path for a property key.
    @inline(__always)
    func remotePath(for key: String) -> RemoteKeyPath {
        remotePaths[key] ?? RemoteKeyPath.key(keyCase.remoteKey(for: key))
    }

    private static let cache = Mutex<[ObjectIdentifier: ModelSchema]>([:])

    /// The cached schema of `type`, built on first use.
    ///
    /// Building runs outside the lock: it calls `init()` and encodes the result, which may need
    /// other schemas.
    static func of(_ type: any Model.Type) -> ModelSchema {
        let id = ObjectIdentifier(type)
        if let schema = cache.withLock({ $0[id] }) { return schema }
        let schema = build(type)
        return cache.withLock { cached in
            if let existing = cached[id] { return existing }
            cached[id] = schema
            return schema
        }
    }

    private static func build<M: Model>(_ type: M.Type) -> ModelSchema { ModelSchema(type) }
}

/// Makes a model type's defaults tree without the schema having to be generic.
private protocol DefaultsMaking: Sendable {
    func defaultsTree() -> ModelValue
}

private struct DefaultsMaker<M: Model>: DefaultsMaking {
    func defaultsTree() -> ModelValue {
        (try? TreeEncoder.encodePlain(M())) ?? .dictionary([:])
    }
}
