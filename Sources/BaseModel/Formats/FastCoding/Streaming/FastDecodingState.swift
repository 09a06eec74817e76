import Foundation

/// The state of one streaming decode: the file's index, the registry, the class instances built
/// so far (by node, so an object alias gives the same instance), and the caches that make a
/// type's or a class's work happen once per decode.
final class FastDecodingState {
    let index: FastIndex
    let registry: ModelRegistry
    /// Class instances decoded, by the node of their object.
    var instances: [Int32: AnyObject] = [:]
    /// Models decoded so far, and how many the file may give: struct objects are decoded again
    /// at each alias, so a small file could otherwise take exponential time (the tree path
    /// budgets copies the same way, and reports it).
    var modelsDecoded = 0
    let modelBudget: Int
    private var keyTables: [KeyTableID: FastKeyTable] = [:]
    /// Per class index: the key table last asked for (objects of a class are nearly always read
    /// as one model type), so most objects find theirs without hashing.
    private var lastKeyTables: [(schema: ObjectIdentifier, table: FastKeyTable)?]
    /// Per class index: the registered type its name gives, once looked up.
    private var registered: [(any Model.Type)??]
    /// The state of the tree decoders that read properties' defaults, transformed values and the
    /// rarer scalar types; its cache of how each type is decoded serves the stream too.
    private(set) lazy var treeState = DecodingState(collectingReport: false)

    /// How values of `type` are decoded, worked out once per decode (as the tree decoder does).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedKind { treeState.kind(of: type) }

    init(index: FastIndex, registry: ModelRegistry) {
        self.index = index
        self.registry = registry
        modelBudget = max(GraphReading.minimumCopyBudget, 16 * index.nodes.count)
        lastKeyTables = Array(repeating: nil, count: index.classes.count)
        registered = Array(repeating: nil, count: index.classes.count)
    }

    private struct KeyTableID: Hashable {
        let classIndex: Int
        let schema: ObjectIdentifier
    }

    /// The key table of objects of class `classIndex` read as `schema`'s model.
    func keyTable(classIndex: Int, schema: ModelSchema) -> FastKeyTable {
        let schemaID = ObjectIdentifier(schema)
        if let last = lastKeyTables[classIndex], last.schema == schemaID { return last.table }
        let id = KeyTableID(classIndex: classIndex, schema: schemaID)
        let table = keyTables[id] ?? FastKeyTable(positions: index.classes[classIndex].positions, schema: schema)
        keyTables[id] = table
        lastKeyTables[classIndex] = (schemaID, table)
        return table
    }

    /// The registered type named by class `classIndex`, looked up once.
    func registeredType(classIndex: Int) -> (any Model.Type)? {
        if let known = registered[classIndex] { return known }
        let type = registry.type(named: index.classes[classIndex].name)
        registered[classIndex] = .some(type)
        return type
    }

    /// The remote spelling of a plain value's key, cached as the tree decoder caches it.
    func remoteKey(for name: String, keyCase: KeyCase) -> String { treeState.remoteKey(for: name, keyCase: keyCase) }
}
