import Foundation

/// State shared by every encoder of one top-level encode. One encode runs on one thread, so
/// its properties skip the dynamic exclusivity checks.
final class EncodingState {
    /// Set when writing a typed tree.
    @exclusivity(unchecked) var graph: GraphWriting?
    /// In plain mode, the map of the first `Live` value met: a copy resolves its `Live`
    /// properties there, so it shares the original's live instances.
    @exclusivity(unchecked) var liveMap: IdentityMap?
    /// In a copy: by path, each model whose type is not the one its place declares (a subclass
    /// in a property typed with its base class), so the copy decodes it as that type.
    @exclusivity(unchecked) var copiedTypes: [ModelPath: any Model.Type]?
    /// How each type met is encoded, numbered by ``kindNumbers``.
    @exclusivity(unchecked) private var kinds: [EncodingKind] = []
    @exclusivity(unchecked) private var kindNumbers = BitsTable(capacity: 32)
    /// Each model type met in a typed tree, numbered by ``modelNumbers``.
    @exclusivity(unchecked) private var models: [ModelInfo] = []
    @exclusivity(unchecked) private var modelNumbers = BitsTable(capacity: 16)
    /// The class instances being encoded, from the root down to the current value, with the
    /// path each was met at: one met again below itself is a cycle.
    @exclusivity(unchecked) var openObjects: [ObjectIdentifier: ModelPath] = [:]
    /// How many containers are being encoded, from the root down to the current value.
    @exclusivity(unchecked) var depth = 0
    /// How many containers may nest: the ``DecodingLimits/maximumDepth`` (what the readers
    /// accept, and what holds on a small thread stack).
    let maximumDepth = DecodingLimits.current.maximumDepth

    /// How values of a type are encoded: what its ``DecodedKind`` tells the encoder. A class, so
    /// that handing it to each value costs one retain, not one per reference it holds.
    final class EncodingKind {
        /// Written through ``DefinedOrderEncodable`` (a dictionary or set, whose own order is
        /// the hash order).
        let definedOrder: Bool
        /// An array the engine encodes itself.
        let array: (any EngineEncodedArray.Type)?
        /// For a model type: the order its `encode(to:)` writes its properties in, learned from
        /// the first value.
        let planOrder: PlanOrder?

        /// The schema of a model type; `nil` for the others.
        let schema: ModelSchema?
        /// Whether the type is `Live`.
        let isLive: Bool
        /// Whether the type is a dictionary keyed by strings.
        let isStringKeyedDictionary: Bool
        /// For a model struct in a typed tree: its ``ModelInfo``, found once (a value of a
        /// struct is of that type; a class's may be of a subclass, so it is not kept).
        @exclusivity(unchecked) var valueModelInfo: ModelInfo?
        /// Whether ``openedModel`` was worked out (``EncodingState/openedModel(of:kind:)``).
        @exclusivity(unchecked) var openingChecked = false
        /// For a struct model with generated writing: what opening one in place needs.
        @exclusivity(unchecked) var openedModel: ModelFieldWriter.OpenedModel?

        init(kind: DecodedKind, definedOrder: Bool, array: (any EngineEncodedArray.Type)?, planOrder: PlanOrder?) {
            self.definedOrder = definedOrder
            self.array = array
            self.planOrder = planOrder
            schema = if case .model(let schema) = kind { schema } else { nil }
            isLive = if case .live = kind { true } else { false }
            isStringKeyedDictionary = if case .stringKeyedDictionary = kind { true } else { false }
        }
    }

    /// What writing a model type as a typed object needs, worked out once per encode. A class,
    /// as ``EncodingKind`` is.
    final class ModelInfo {
        let schema: ModelSchema
        let planOrder: PlanOrder
        /// The registered name it is written under.
        let className: String
        /// Whether the type is a class: its instances may be shared, and a value of it may be of
        /// a subclass.
        let isClass: Bool
        @exclusivity(unchecked) private var opened: ModelFieldWriter.OpenedModel?

        /// What opening a model of the type in place needs, made once.
        func openedModel(direct: any DirectModelReading) -> ModelFieldWriter.OpenedModel {
            if let opened { return opened }
            let made = ModelFieldWriter.OpenedModel(schema: schema, direct: direct, planOrder: planOrder, className: className)
            opened = made
            return made
        }

        init(schema: ModelSchema, planOrder: PlanOrder, className: String, isClass: Bool) {
            self.schema = schema
            self.planOrder = planOrder
            self.className = className
            self.isClass = isClass
        }
    }

    @exclusivity(unchecked) private var remoteKeys: [KeyCase: [String: String]] = [:]

    /// `name` in `keyCase`, worked out once per encode.
    func remoteKey(for name: String, in keyCase: KeyCase) -> String {
        if let known = remoteKeys[keyCase]?[name] { return known }
        let remote = keyCase.remoteKey(for: name)
        remoteKeys[keyCase, default: [:]][name] = remote
        return remote
    }

    /// How values of `type` are handled, worked out once per encode.
    func encodingKind<T>(of type: T.Type) -> EncodingKind {
        let bits = BitsTable.bits(of: type)
        if let known = kindNumbers.number(of: bits) { return kinds[known] }
        let kind = DecodedKind(type)
        let definedOrder: Bool = switch kind {
        case .stringKeyedDictionary, .plain: type is any DefinedOrderEncodable.Type
        default: false
        }
        let planOrder: PlanOrder? = if case .model(let schema) = kind { PlanOrder(schema: schema) } else { nil }
        let encoding = EncodingKind(
            kind: kind, definedOrder: definedOrder, array: type as? any EngineEncodedArray.Type, planOrder: planOrder)
        kindNumbers.add(bits, number: kinds.count)
        kinds.append(encoding)
        return encoding
    }

    /// ``modelInfo(of:registry:)`` for a value of the type of `kind`, kept in `kind` when the
    /// type is a struct.
    func modelInfo<T>(of value: T, kind: EncodingKind, registry: ModelRegistry) -> ModelInfo {
        if let known = kind.valueModelInfo { return known }
        let info = modelInfo(of: value, registry: registry)
        // Not for an existential `T` (`any Model`), whose values differ in type.
        if !info.isClass, Swift.type(of: value) == T.self { kind.valueModelInfo = info }
        return info
    }

    /// What opening a model of `type` (whose kind is `kind`) in place needs, when `type` is a
    /// struct model with generated writing and every field one key; `nil` for any other type.
    /// Worked out once per encode.
    func openedModel<T>(of type: T.Type, kind: EncodingKind) -> ModelFieldWriter.OpenedModel? {
        if kind.openingChecked { return kind.openedModel }
        kind.openingChecked = true
        guard let schema = kind.schema, let direct = schema.direct, schema.encodesFieldsDirectly, let planOrder = kind.planOrder,
            !(type is AnyClass)
        else { return nil }
        if let graph {
            let info = kind.valueModelInfo ?? modelInfo(type as! any Model.Type, registry: graph.registry)
            kind.valueModelInfo = info
            kind.openedModel = info.openedModel(direct: direct)
        } else {
            kind.openedModel = ModelFieldWriter.OpenedModel(schema: schema, direct: direct, planOrder: planOrder, className: nil)
        }
        return kind.openedModel
    }

    /// The schema, plan order and registered name of the dynamic type of `value`, a model value
    /// written into a typed tree. Looked up by the type before it is cast: asking the runtime
    /// whether a type is a model costs a conformance search per value.
    func modelInfo<T>(of value: T, registry: ModelRegistry) -> ModelInfo {
        // A value of a struct is of that type: found without asking the runtime for the dynamic
        // type, which costs more than the lookup.
        if let known = modelNumbers.number(of: BitsTable.bits(of: T.self)), !models[known].isClass { return models[known] }
        let dynamicType = Swift.type(of: value)
        if let known = modelNumbers.number(of: BitsTable.bits(of: dynamicType)) { return models[known] }
        return modelInfo((dynamicType as? any Model.Type) ?? (T.self as! any Model.Type), registry: registry)
    }

    /// The schema, plan order and registered name of `type`.
    func modelInfo(_ type: any Model.Type, registry: ModelRegistry) -> ModelInfo {
        let bits = BitsTable.bits(of: type)
        if let known = modelNumbers.number(of: bits) { return models[known] }
        let schema = ModelSchema.of(type)
        let info = ModelInfo(
            schema: schema, planOrder: PlanOrder(schema: schema), className: registry.name(of: type), isClass: type is AnyClass)
        modelNumbers.add(bits, number: models.count)
        models.append(info)
        return info
    }
}
