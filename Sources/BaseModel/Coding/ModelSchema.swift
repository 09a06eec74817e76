
/// What the coders need to know about one model type, computed once and cached: where each
/// property lives in the input, its transformer, whether it is codable, and the type's coercion.
final class ModelSchema: Sendable {
    let typeName: String
    let keyCase: KeyCase
    let coercion: Coercion
    let transformers: [String: ModelTransformer]
    let uncodableKeys: Set<String>
    /// Whether the model is a class, whose instances object graphs share.
    let isClass: Bool
    /// Every property key, in declaration order (as the synthesized `encode(to:)` writes them).
    let propertyKeys: [String]
    /// The properties the `@Model` macro declared, in field-number order (optionality included);
    /// `nil` for a model without the macro.
    let declaredProperties: [ModelProperties.Property]?
    /// Everything about each known property, so a key costs one hash lookup.
    private let plans: [String: PropertyPlan]
    /// For a type with generated coding: how to run its reading and writing, and the plans of
    /// the properties it reads and writes (the declared codable ones, a superclass's first).
    let direct: (any DirectModelReading)?
    let fieldPlans: [PropertyPlan]
    /// The names of the properties of ``fieldPlans``, in the same order.
    let fieldNames: [String]
    /// The declared properties' plans, in declaration order: field `n` of generated code.
    let fields: [PropertyPlan]
    /// The ordinal of each plan by the key the encoder writes for it (codable plans only).
    private let ordinalsByEncodedKey: [String: Int]
    /// Whether the encoder can write every known property as it comes: each writes one key
    /// (no remote key path of several steps) and no two write the same key. Otherwise a model
    /// is buffered until its `encode(to:)` returns.
    let encodesFieldsDirectly: Bool
    /// Whether a property has a ``Polymorphism``, so that keyed reading looks for one.
    let hasPolymorphism: Bool
    /// The model's defaults as a plain tree (local keys, every property), made on demand because
    /// `init()` may give a new value each time (a fresh identifier, a date).
    private let defaultsMaker: any DefaultsMaking

    /// Whether `init()` gives the same tree every time, found out on first use by making it
    /// twice: then the tree is kept; otherwise (a fresh identifier, the current date) it is made
    /// anew for every decoded object.
    private enum DefaultsState: Sendable {
        case unknown
        case constant(ModelDefaults)
        case varying
    }

    private let defaultsState = Locked(DefaultsState.unknown)

    /// The defaults when every `init()` gives the same ones, else `nil` (each object then makes
    /// its own with ``makeDefaults()``).
    func constantDefaults() -> ModelDefaults? {
        _ = makeDefaults()
        if case .constant(let defaults) = defaultsState.withLock({ $0 }) { return defaults }
        return nil
    }

    /// The defaults of a new object: the cached ones when `init()` is deterministic.
    func makeDefaults() -> ModelDefaults {
        switch defaultsState.withLock({ $0 }) {
        case .constant(let defaults): return defaults
        case .varying: return defaultsMaker.defaults()
        case .unknown:
            // Made outside the lock: encoding may need other schemas.
            let first = defaultsMaker.defaults()
            let isConstant = first.isSame(as: defaultsMaker.defaults())
            defaultsState.withLock { $0 = isConstant ? .constant(first) : .varying }
            return first
        }
    }

    private init<M: Model>(_ type: M.Type) {
        typeName = M.typeName
        keyCase = M.keyCase
        coercion = M.coercion
        isClass = M.self is AnyClass
        let declared = M.declaredProperties
        let mapping = declared.map { Mapping(declared: $0, of: M.self) } ?? Mapping(tablesOf: M.self)
        propertyKeys = mapping.propertyKeys
        plans = mapping.plans
        transformers = mapping.transformers
        uncodableKeys = mapping.uncodableKeys
        declaredProperties = declared?.properties
        fields = mapping.propertyKeys.compactMap { mapping.plans[$0] }
        var ordinals: [String: Int] = [:]
        var writesDirectly = true
        for plan in mapping.plans.values where !plan.isUncodable {
            guard let key = plan.encodedKey, let ordinal = plan.ordinal, ordinals.updateValue(ordinal, forKey: key) == nil else {
                writesDirectly = false
                continue
            }
        }
        ordinalsByEncodedKey = ordinals
        hasPolymorphism = mapping.plans.values.contains { $0.polymorphism != nil }
        encodesFieldsDirectly = writesDirectly
        defaultsMaker = DefaultsMaker<M>(requiredKeys: mapping.requiredKeys)
        // Generated coding reads and writes the declared codable properties in declaration order.
        // A subclass without the macro inherits its superclass's list and coding, which miss its
        // own properties, and a type that writes its own `init(from:)` or `encode(to:)` must have
        // them run: both are coded through `init(from:)` and `encode(to:)`.
        if let generated = M.self as? any GeneratedCoding.Type, let declared, declared.generatedCoding,
            declared.declaringType == ObjectIdentifier(M.self)
        {
            direct = Self.directReader(generated)
            let fields = declared.properties.filter { !$0.isUncodable && mapping.plans[$0.name] != nil }
            fieldPlans = fields.map { mapping.plans[$0.name]! }
            fieldNames = fields.map(\.name)
        } else {
            direct = nil
            fieldPlans = []
            fieldNames = []
        }
    }

    private static func directReader<G: GeneratedCoding>(_ type: G.Type) -> any DirectModelReading { DirectReader<G>() }

    /// What the schema learns of a type's properties, from one of two sources.
    private struct Mapping {
        var propertyKeys: [String] = []
        var plans: [String: PropertyPlan] = [:]
        var transformers: [String: ModelTransformer] = [:]
        var uncodableKeys: Set<String> = []
        /// The properties without a default, which the defaults leave out.
        var requiredKeys: [String] = []

        /// From the static tables, the properties found by encoding `init()` (the macro-free path).
        init<M: Model>(tablesOf type: M.Type) {
            transformers = M.transformers
            uncodableKeys = M.uncodableKeys
            propertyKeys = PropertyKeyRecorder.keys(of: M())
            let explicit = M.keyPaths
            // Declared properties first, in order, then the other keys the tables name, sorted:
            // the ordinals are the same in every process.
            let others = Set(explicit.keys).union(M.uncodableKeys).union(M.transformers.keys).subtracting(propertyKeys).sorted()
            for key in propertyKeys + others where plans[key] == nil {
                plans[key] = PropertyPlan(
                    path: explicit[key] ?? RemoteKeyPath.key(M.keyCase.remoteKey(for: key)),
                    transformer: M.transformers[key], isUncodable: M.uncodableKeys.contains(key), ordinal: plans.count,
                    polymorphism: M.polymorphism[key])
            }
        }

        /// From the properties the macro declared. A subclass without the macro inherits its
        /// superclass's list: its own properties, found by encoding `init()`, follow the key case.
        init<M: Model>(declared: ModelProperties, of type: M.Type) {
            for property in declared.properties {
                propertyKeys.append(property.name)
                plans[property.name] = PropertyPlan(
                    path: property.key ?? RemoteKeyPath.key(M.keyCase.remoteKey(for: property.name)),
                    transformer: property.transformer, isUncodable: property.isUncodable, ordinal: plans.count,
                    polymorphism: property.polymorphism, isRequired: property.isRequired)
                if property.isRequired { requiredKeys.append(property.name) }
                if let transformer = property.transformer { transformers[property.name] = transformer }
                if property.isUncodable { uncodableKeys.insert(property.name) }
            }
            guard declared.declaringType != ObjectIdentifier(M.self) else { return }
            for key in PropertyKeyRecorder.keys(of: M()) where plans[key] == nil {
                propertyKeys.append(key)
                plans[key] = PropertyPlan(
                    path: RemoteKeyPath.key(M.keyCase.remoteKey(for: key)), transformer: nil, isUncodable: false,
                    ordinal: plans.count, polymorphism: M.polymorphism[key])
            }
        }
    }

    /// The plan for a property key; keys the schema has not seen follow the key case.
    @inline(__always)
    func plan(for key: String) -> PropertyPlan {
        plans[key] ?? PropertyPlan(path: RemoteKeyPath.key(keyCase.remoteKey(for: key)), transformer: nil, isUncodable: false)
    }

    /// The remote path for a property key.
    func remotePath(for key: String) -> RemoteKeyPath { plan(for: key).path }

    /// The ordinal of the codable plan whose encoded key is `key`, if any: a key the schema does
    /// not know may still land on a known property's key.
    func ordinal(ofEncodedKey key: String) -> Int? { ordinalsByEncodedKey[key] }

    private static let cache = Locked<[ObjectIdentifier: ModelSchema]>([:])

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

/// Makes a model type's defaults without the schema having to be generic.
private protocol DefaultsMaking: Sendable {
    func defaults() -> ModelDefaults
}

private struct DefaultsMaker<M: Model>: DefaultsMaking {
    /// Properties without a default: the placeholder `init()` gives them is left out, so that a
    /// missing key is an error.
    let requiredKeys: [String]

    func defaults() -> ModelDefaults {
        // Encoded as for a copy, so a subclass instance in `init()` is recorded as such.
        guard let made = try? TreeEncoder.encodePlainForCopy(M()) else { return .empty }
        guard !requiredKeys.isEmpty, case .dictionary(var entries) = made.tree else {
            return ModelDefaults(tree: made.tree, subclassTypes: made.types)
        }
        var types = made.types
        for key in requiredKeys {
            entries[key] = nil
            types = types.filter { $0.key.components.first != .key(key) }
        }
        return ModelDefaults(tree: .dictionary(entries), subclassTypes: types)
    }
}
