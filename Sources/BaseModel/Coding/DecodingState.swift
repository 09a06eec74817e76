import Foundation
import OrderedCollections

/// State shared by every decoder of one top-level decode.
final class DecodingState {
    @exclusivity(unchecked) var report: ModelReport?
    /// Set when reading a typed tree: the registry and the instances decoded so far.
    @exclusivity(unchecked) var graph: GraphReading?
    /// Set when reading a format's index instead of a tree: the nodes ``DecoderInput/node(_:)``
    /// names.
    @exclusivity(unchecked) var index: InputIndex?
    /// The map `Live` values resolve through; `nil` until a `Live` value is met when the decode
    /// was given none (see ``liveIdentityMap``).
    var identityMap: IdentityMap?
    /// In a copy: the type of each model the tree cannot tell, by path (see
    /// ``EncodingState/copiedTypes``); `nil` in every other decode.
    @exclusivity(unchecked) var copiedTypes: [ModelPath: any Model.Type]?

    /// The map `Live` values resolve through: the one the decode was given, else one made for
    /// this decode alone, so a plain decode never writes into a map the caller did not name.
    var liveIdentityMap: IdentityMap {
        if let identityMap { return identityMap }
        let local = IdentityMap()
        identityMap = local
        return local
    }
    /// Decoders of this decode that finished, kept for the next nested values (see
    /// ``TreeDecoder/recycle(_:)``).
    @exclusivity(unchecked) var spareDecoders: [TreeDecoder] = []
    /// How many containers may nest: the ``DecodingLimits/maximumDepth`` of the decode.
    let maximumDepth = DecodingLimits.current.maximumDepth
    private var usage: [ModelPath: UsageRecord] = [:]
    private var usageOrder: [ModelPath] = []

    init(collectingReport: Bool) {
        report = collectingReport ? ModelReport() : nil
    }

    var collectsReport: Bool { report != nil }

    /// The value `input` holds, as a tree: a node's scalar, or its subtree when it is a container.
    ///
    /// - Throws: ``ModelError`` when a node's subtree holds a cycle or expands past the limits.
    func value(of input: DecoderInput) throws(ModelError) -> ModelValue {
        switch input {
        case .value(let value): return value
        case .node(let node): return try index!.tree(at: node)
        }
    }

    /// The value `input` holds, for an error's excerpt and kind: ``value(of:)``, or an empty
    /// container of the node's kind when its subtree cannot be a tree.
    func valueForError(of input: DecoderInput) -> ModelValue {
        if let value = try? value(of: input) { return value }
        guard case .node(let node) = input, let index else { return .null }
        return index[node].kind == .array ? .array([]) : .dictionary([:])
    }

    /// The value of `input` when it is a scalar or a tree value that is not null; `nil` for null
    /// and for an index node that is a container.
    @inline(__always)
    func presentScalar(_ input: DecoderInput) -> ModelValue? {
        switch input {
        case .value(let value):
            // `.none`, not `nil`: ModelValue is expressible by a nil literal.
            return value.isNull ? .none : value
        case .node(let node):
            guard let scalar = index!.scalar(node), !scalar.isNull else { return .none }
            return scalar
        }
    }

    /// Whether `input` is null.
    func isNull(_ input: DecoderInput) -> Bool {
        switch input {
        case .value(let value): return value.isNull
        case .node(let node): return index!.isNull(node)
        }
    }

    /// How each type met is decoded, numbered by ``kindNumbers``: found by the type's address,
    /// with no hashing and no copy of the kinds passed over (searching a list of pairs copied
    /// each kind it passed, a retain and a release per step).
    @exclusivity(unchecked) private var kinds: [DecodedKind] = []
    @exclusivity(unchecked) private var kindNumbers = BitsTable(capacity: 32)

    /// How values of `type` are decoded, looked up once per decode in the process-wide cache
    /// (``DecodedKind/of(_:)``).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedKind {
        let bits = BitsTable.bits(of: type)
        if let known = kindNumbers.number(of: bits) { return kinds[known] }
        let kind = DecodedKind.of(type)
        kindNumbers.add(bits, number: kinds.count)
        kinds.append(kind)
        return kind
    }

    @exclusivity(unchecked) private var planOrders: [ObjectIdentifier: PlanOrder] = [:]
    @exclusivity(unchecked) private var lastPlanOrder: PlanOrder?

    /// The learned property order of `schema`'s model for this decode (see ``PlanOrder``).
    @inline(__always)
    func planOrder(for schema: ModelSchema) -> PlanOrder {
        if let last = lastPlanOrder, last.schema === schema { return last }
        let id = ObjectIdentifier(schema)
        let order: PlanOrder
        if let known = planOrders[id] {
            order = known
        } else {
            order = PlanOrder(schema: schema)
            planOrders[id] = order
        }
        lastPlanOrder = order
        return order
    }

    /// Per schema read so far, its fields' key numbers: a model file has a few model types, and
    /// comparing identities is cheaper than hashing one.
    @exclusivity(unchecked) private var fieldKeyNumbers: [(schema: ModelSchema, numbers: [Int32])] = []

    /// For reading `schema`'s generated model from an index with interned keys: per field plan,
    /// the string number of its single remote key (−1 when no dictionary of the input has that
    /// key, −2 when the plan is a key path, read by name). `nil` for other inputs.
    @inline(__always)
    func fieldKeyNumbers(for schema: ModelSchema) -> [Int32]? {
        guard let keyNumbers = index?.keyNumbers else { return nil }
        for known in fieldKeyNumbers where known.schema === schema { return known.numbers }
        let numbers = schema.fieldPlans.map { plan -> Int32 in
            guard let key = plan.singleKey else { return -2 }
            return keyNumbers[key] ?? -1
        }
        fieldKeyNumbers.append((schema, numbers))
        return numbers
    }

    /// Per class of the index (by its number), the fields' positions among the class's values
    /// for the schema last read from it: found in one step however many classes a file defines
    /// (a list searched per object would make a file of many classes quadratic).
    @exclusivity(unchecked) private var fieldPositions: [(schema: ModelSchema, positions: [Int32])?] = []

    /// For reading `schema`'s generated model from an object of class `classIndex` of the index:
    /// per field plan, the position `p` of its single remote key among the object's values as
    /// −3 − `p` (−1 when the class has no such key, −2 when the plan is a key path, read by
    /// name), so that these numbers never look like the key numbers of a dictionary.
    @inline(__always)
    func fieldPositions(for schema: ModelSchema, ofClass classIndex: Int) -> [Int32] {
        if classIndex < fieldPositions.count, let known = fieldPositions[classIndex], known.schema === schema { return known.positions }
        return learnFieldPositions(for: schema, ofClass: classIndex)
    }

    @inline(never)
    private func learnFieldPositions(for schema: ModelSchema, ofClass classIndex: Int) -> [Int32] {
        let positions = index!.classes[classIndex].positions
        let numbers = schema.fieldPlans.map { plan -> Int32 in
            guard let key = plan.singleKey else { return -2 }
            return positions[key].map { -3 - Int32(truncatingIfNeeded: $0) } ?? -1
        }
        if fieldPositions.isEmpty { fieldPositions = Array(repeating: nil, count: index!.classes.count) }
        fieldPositions[classIndex] = (schema, numbers)
        return numbers
    }

    private var remoteKeys: [KeyCase: [String: String]] = [:]

    /// The remote spelling of a plain value's key, cached for the rest of the decode.
    func remoteKey(for name: String, keyCase: KeyCase) -> String {
        if let known = remoteKeys[keyCase]?[name] { return known }
        let remote = keyCase.remoteKey(for: name)
        remoteKeys[keyCase, default: [:]][name] = remote
        return remote
    }

    func usageRecord(at path: ModelPath, entries: OrderedDictionary<String, ModelValue>) -> UsageRecord {
        if let record = usage[path] { return record }
        let record = UsageRecord(entries: entries)
        usage[path] = record
        usageOrder.append(path)
        return record
    }

    func finishReport() {
        for path in usageOrder {
            report?.unusedKeys += usage[path]!.unusedKeys(under: path)
        }
    }
}
