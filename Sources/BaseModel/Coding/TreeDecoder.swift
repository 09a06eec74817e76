import Foundation
import OrderedCollections

/// Decodes `Decodable` values, models above all, from a ``ModelValue`` tree.
///
/// For a ``Model`` type it applies the type's remote key paths, key case, transformers,
/// uncodable keys and coercion, and fills keys missing from the input with the defaults of the
/// type's `init()`. Plain `Codable` types nested in a model inherit the model's key case and
/// coercion. `Date`, `Data`, `URL`, `Decimal` and `ModelValue` are read from their natural tree
/// forms (a date or an ISO-8601 string, data or a base64 string, a URL string).
///
/// ```swift
/// let game = try ModelDecoder().decode(Game.self, from: ["game_id": "93"])
/// ```
public struct ModelDecoder: Sendable {
    /// When set, the decoder reads *typed trees* (see ``FormatCodec``): a dictionary's `$class`
    /// picks the registered model type to build (a `Dog` for an `Animal` property, when `Dog` is
    /// a registered subclass), and `{"$alias": path}` gives the class instance already decoded at
    /// that path, so shared instances stay shared. `nil` (the default) reads plain trees.
    public var registry: ModelRegistry?

    /// The identity map that `Live` properties resolve through; `nil` (the default) resolves
    /// them through a map made for each decode, so one payload's repeated identifiers are one
    /// instance and no shared map is written to.
    public var identityMap: IdentityMap?

    /// Creates a decoder; pass a registry to read typed trees, and a map for `Live` properties.
    public init(registry: ModelRegistry? = nil, identityMap: IdentityMap? = nil) {
        self.registry = registry
        self.identityMap = identityMap
    }

    /// Decodes a value of `type` from `value`.
    ///
    /// - Throws: ``ModelError`` with the path of the offending value (in the input's keys), the
    ///   expected and found kinds and an excerpt.
    public func decode<T: Decodable>(_ type: T.Type, from value: ModelValue) throws(ModelError) -> T {
        try TreeDecoder.decode(type, from: value, plain: false, registry: registry, report: nil, identityMap: identityMap)
    }

    /// Decodes a value of `type` from `value` and adds to `report` what did not fit.
    ///
    /// - Throws: ``ModelError`` as ``decode(_:from:)`` does.
    public func decode<T: Decodable>(
        _ type: T.Type, from value: ModelValue, report: inout ModelReport
    ) throws(ModelError) -> T {
        try withUnsafeMutablePointer(to: &report) { pointer throws(ModelError) in
            try TreeDecoder.decode(type, from: value, plain: false, registry: registry, report: pointer, identityMap: identityMap)
        }
    }
}

/// State shared by every decoder of one top-level decode.
final class DecodingState {
    var report: ModelReport?
    /// Set when reading a typed tree: the registry and the instances decoded so far.
    var graph: GraphReading?
    /// The map `Live` values resolve through; `nil` until a `Live` value is met when the decode
    /// was given none (see ``liveIdentityMap``).
    var identityMap: IdentityMap?

    /// The map `Live` values resolve through: the one the decode was given, else one made for
    /// this decode alone, so a plain decode never writes into a map the caller did not name.
    var liveIdentityMap: IdentityMap {
        if let identityMap { return identityMap }
        let local = IdentityMap()
        identityMap = local
        return local
    }
    private var usage: [ModelPath: UsageRecord] = [:]
    private var usageOrder: [ModelPath] = []

    init(collectingReport: Bool) {
        report = collectingReport ? ModelReport() : nil
    }

    var collectsReport: Bool { report != nil }

    private var kinds: [ObjectIdentifier: DecodedKind] = [:]

    /// How values of `type` are decoded, worked out once per decode: the runtime's protocol
    /// conformance checks cost far more than a dictionary lookup.
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedKind {
        let id = ObjectIdentifier(type)
        if let known = kinds[id] { return known }
        let kind = DecodedKind(type)
        kinds[id] = kind
        return kind
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

/// The decoder handed to `init(from:)`: one per nested value, linked to its parent so the path is
/// built only when an error needs it.
final class TreeDecoder: Decoder, PathLinked {
    let state: DecodingState
    let value: ModelValue
    let parent: TreeDecoder?
    let component: ModelPath.Component?
    /// The schema of the model being decoded here, or `nil` for plain values and plain mode.
    let schema: ModelSchema?
    /// The key case applied to this value's own keys.
    let keyCase: KeyCase
    /// The key case handed down to nested plain values.
    let inheritedKeyCase: KeyCase
    let coercion: Coercion
    /// Plain mode: local keys, no transformers or defaults. Used for defaults trees and copies.
    let plain: Bool

    /// The model's defaults tree, made the first time a key is missing: the enclosing model's
    /// default for this property when it has one (so defaults merge deeply, principle 3), else
    /// this type's own `init()`.
    private(set) lazy var defaults: ModelValue = {
        if let baseTree { return baseTree }
        if let (parent, property) = defaultsSource, case .dictionary? = parent.defaults[property] {
            return parent.defaults[property]!
        }
        return schema?.makeDefaults() ?? .dictionary([:])
    }()

    /// The enclosing model decoder and property whose default this model's defaults come from.
    private(set) var defaultsSource: (TreeDecoder, String)?

    /// For a decoder started away from its parent chain (an object reached through an alias):
    /// the path its chain starts at.
    var pathPrefix: ModelPath?

    /// For a merge into a live instance: its current value's plain tree, which replaces the
    /// defaults, so keys missing from the input keep their live values.
    var baseTree: ModelValue?

    init(
        state: DecodingState, value: ModelValue, parent: TreeDecoder?, component: ModelPath.Component?,
        schema: ModelSchema?, keyCase: KeyCase, inheritedKeyCase: KeyCase, coercion: Coercion, plain: Bool
    ) {
        self.state = state
        self.value = value
        self.parent = parent
        self.component = component
        self.schema = schema
        self.keyCase = keyCase
        self.inheritedKeyCase = inheritedKeyCase
        self.coercion = coercion
        self.plain = plain
    }

    static func decode<T: Decodable>(
        _ type: T.Type, from value: ModelValue, plain: Bool, registry: ModelRegistry? = nil,
        report: UnsafeMutablePointer<ModelReport>?, identityMap: IdentityMap? = nil
    ) throws(ModelError) -> T {
        let state = DecodingState(collectingReport: report != nil)
        state.graph = registry.map { GraphReading(registry: $0, root: value) }
        state.identityMap = identityMap
        let root = TreeDecoder(
            state: state, value: value, parent: nil, component: nil, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: plain)
        do {
            let result = try root.decodeChild(type, from: value, component: nil)
            if let report {
                state.finishReport()
                report.pointee.unusedKeys += state.report!.unusedKeys
                report.pointee.defaultedKeys += state.report!.defaultedKeys
                report.pointee.conversions += state.report!.conversions
            }
            return result
        } catch {
            throw ModelError.from(error, format: .tree)
        }
    }

    // MARK: Path

    func path(appending component: ModelPath.Component) -> ModelPath { path.appending(component) }

    func path(appending components: [RemoteKeyPath.Component]) -> ModelPath {
        path.appending(ModelPath(components.map { .key($0.key) }))
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else {
            throw mismatch(expected: schema.map { "dictionary (\($0.typeName))" } ?? "dictionary", found: value)
        }
        return KeyedDecodingContainer(TreeKeyedDecodingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch(expected: "array", found: value) }
        return TreeUnkeyedDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueDecodingContainer(decoder: self)
    }

    // MARK: Nested values

    /// Decodes a nested value of any type, choosing the fast path for tree-native types and
    /// the model path (schema, defaults, `make(from:)`) for models.
    func decodeChild<T: Decodable>(
        _ type: T.Type, from value: ModelValue, component: ModelPath.Component?,
        defaultsFrom defaultsSource: (TreeDecoder, String)? = nil
    ) throws -> T {
        // Scalars first, by metatype identity: `Array.init(from:)` and friends decode their
        // elements through this generic entry point, so it must not allocate for an `Int64`.
        // (Returning straight from here, not through a `T?`, spares a generic-metadata lookup.)
        if type == String.self { return unsafeBitCast(try unboxString(value, at: component), to: T.self) }
        if type == Int.self { return unsafeBitCast(try unboxInteger(Int.self, value, at: component), to: T.self) }
        if type == Int64.self { return unsafeBitCast(try unboxInteger(Int64.self, value, at: component), to: T.self) }
        if type == Double.self { return unsafeBitCast(try unboxDouble(value, at: component), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try unboxBool(value, at: component), to: T.self) }
        // An array of doubles (coordinates, series) without a decoder and a container per array,
        // when every element is a double already; anything else takes the general path below,
        // with its coercions and errors.
        if type == [Double].self, case .array(let elements) = value, let numbers = Self.doubles(elements) {
            return unsafeBitCast(numbers, to: T.self)
        }
        switch state.kind(of: type) {
        case .scalar(let unbox): return try unbox(self, value, component) as! T
        case .string: return unsafeBitCast(try unboxString(value, at: component), to: T.self)
        case .date: return unsafeBitCast(try unboxDate(value, at: component), to: T.self)
        case .data: return unsafeBitCast(try unboxData(value, at: component), to: T.self)
        case .url: return unsafeBitCast(try unboxURL(value, at: component), to: T.self)
        case .decimal: return unsafeBitCast(try unboxDecimal(value, at: component), to: T.self)
        case .tree: return unsafeBitCast(value, to: T.self)
        case .model(let schema) where !plain:
            guard case .dictionary = value else { return try makeModel(type, from: value, component: component) }
            if state.graph != nil { return try decodeGraphModel(type, from: value, component: component) }
            let child = TreeDecoder(
                state: state, value: value, parent: self, component: component, schema: schema,
                keyCase: schema.keyCase, inheritedKeyCase: schema.keyCase, coercion: schema.coercion, plain: false)
            child.defaultsSource = defaultsSource
            return try T(from: child)
        case .live(let live):
            return try live.decodeLive(from: value, decoder: self, component: component) as! T
        case .stringKeyedDictionary:
            return try T(from: plainChild(value, component: component, keyCase: .unchanged))
        case .model, .plain:
            return try T(from: plainChild(value, component: component, keyCase: inheritedKeyCase))
        }
    }

    /// The elements as doubles when every one is a ``ModelValue/double(_:)``; `nil` otherwise.
    private static func doubles(_ elements: [ModelValue]) -> [Double]? {
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in elements {
            guard case .double(let number) = element else { return nil }
            numbers.append(number)
        }
        return numbers
    }

        private func plainChild(_ value: ModelValue, component: ModelPath.Component?, keyCase: KeyCase) -> TreeDecoder {
        TreeDecoder(
            state: state, value: value, parent: self, component: component, schema: nil,
            keyCase: plain ? .unchanged : keyCase, inheritedKeyCase: inheritedKeyCase, coercion: coercion, plain: plain)
    }

    /// A model built from a value that is not a dictionary, through its `make(from:)`.
    private func makeModel<T>(_ type: T.Type, from value: ModelValue, component: ModelPath.Component?) throws -> T {
        func make<M: Model>(_ model: M.Type) throws -> M? { try M.make(from: value) }
        if let modelType = type as? any Model.Type, let made = try make(modelType) as? T { return made }
        throw ModelError(
            .typeMismatch(expected: "dictionary (\((type as? any Model.Type)?.typeName ?? "\(T.self)"))", found: value.kindName),
            path: component.map(path(appending:)) ?? path, excerpt: value.excerpt)
    }

    /// Decodes a value of `type` from a model's defaults tree, in plain mode.
    func decodeDefault<T: Decodable>(_ type: T.Type, from value: ModelValue, component: ModelPath.Component) throws -> T {
        try defaultsDecoder(component: component, value: value).decodeChild(type, from: value, component: nil)
    }

    /// A plain-mode decoder for a value taken from the model's defaults.
    func defaultsDecoder(component: ModelPath.Component, value: ModelValue) -> TreeDecoder {
        TreeDecoder(
            state: state, value: value, parent: self, component: component, schema: nil,
            keyCase: .unchanged, inheritedKeyCase: .unchanged, coercion: .strict, plain: true)
    }

    func mismatch(expected: String, found value: ModelValue, at component: ModelPath.Component? = nil) -> ModelError {
        ModelError(
            .typeMismatch(expected: expected, found: value.kindName),
            path: component.map(path(appending:)) ?? path, excerpt: value.excerpt)
    }

    func noteConversion(from value: ModelValue, to kind: String, at component: ModelPath.Component?) {
        guard state.collectsReport else { return }
        state.report!.conversions.append(
            .init(path: component.map(path(appending:)) ?? path, from: value.kindName, to: kind))
    }
}

/// How a type is decoded from a tree.
enum DecodedKind {
    case string, date, data, url, decimal, tree
    /// A fixed-width number other than the common ones `decodeChild` checks first; the closure
    /// returns the value boxed (the caller casts it back to the type it asked for).
    case scalar((TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any)
    case model(ModelSchema)
    /// A `Live` reference, resolved through the identity map.
    case live(any LiveTreeDecoding.Type)
    case stringKeyedDictionary
    case plain

    init<T>(_ type: T.Type) {
        if let unbox = DecodedKind.scalarUnboxer(type) { self = .scalar(unbox) }
        else if type == String.self { self = .string }
        else if type == Date.self { self = .date }
        else if type == Data.self { self = .data }
        else if type == URL.self { self = .url }
        else if type == Decimal.self { self = .decimal }
        else if type == ModelValue.self { self = .tree }
        else if let model = type as? any Model.Type { self = .model(ModelSchema.of(model)) }
        else if let live = type as? any LiveTreeDecoding.Type { self = .live(live) }
        else if type is any StringKeyedDictionary.Type { self = .stringKeyedDictionary }
        else { self = .plain }
    }

    private static func scalarUnboxer<T>(_ type: T.Type) -> ((TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any)? {
        func integer<I: FixedWidthInteger>(_: I.Type) -> (TreeDecoder, ModelValue, ModelPath.Component?) throws -> Any {
            { try $0.unboxInteger(I.self, $1, at: $2) }
        }
        switch type {
        case is Int8.Type: return integer(Int8.self)
        case is Int16.Type: return integer(Int16.self)
        case is Int32.Type: return integer(Int32.self)
        case is UInt.Type: return integer(UInt.self)
        case is UInt8.Type: return integer(UInt8.self)
        case is UInt16.Type: return integer(UInt16.self)
        case is UInt32.Type: return integer(UInt32.self)
        case is UInt64.Type: return integer(UInt64.self)
        case is Float.Type: return { try $0.unboxFloat($1, at: $2) }
        default: return nil
        }
    }
}

/// Marks `[String: Value]`, whose keys are data and never go through a key case.
protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}

/// A coding key for paths handed to `Codable` code.
struct PathCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ component: ModelPath.Component) {
        switch component {
        case .key(let key): stringValue = key; intValue = nil
        case .index(let index): stringValue = String(index); intValue = index
        }
    }

    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension ModelError {
    /// Wraps any error thrown while coding into a ``ModelError``, keeping the path of a
    /// `DecodingError`/`EncodingError` thrown by hand-written `Codable` code.
    static func from(_ error: any Error, format: ModelFormat) -> ModelError {
        switch error {
        case var error as ModelError:
            if error.format == nil { error.format = format }
            return error
        case let error as DecodingError:
            let (context, reason): (DecodingError.Context, Reason) = switch error {
            case .typeMismatch(let type, let context): (context, .typeMismatch(expected: "\(type)", found: context.debugDescription))
            case .valueNotFound(let type, let context): (context, .missingValue(expected: "\(type)"))
            case .keyNotFound(let key, let context): (context, .missingValue(expected: "key \(key.stringValue)"))
            case .dataCorrupted(let context): (context, .invalidValue(context.debugDescription))
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), .invalidValue("\(error)"))
            }
            return ModelError(reason, path: ModelPath(context.codingPath.map(\.pathComponent)), format: format)
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return ModelError(.invalidValue(context.debugDescription), path: ModelPath(context.codingPath.map(\.pathComponent)), format: format)
            @unknown default:
                return ModelError(.invalidValue("\(error)"), format: format)
            }
        default:
            return ModelError(.invalidValue(String(describing: error)), format: format)
        }
    }
}

extension CodingKey {
    var pathComponent: ModelPath.Component {
        intValue.map(ModelPath.Component.index) ?? .key(stringValue)
    }
}
