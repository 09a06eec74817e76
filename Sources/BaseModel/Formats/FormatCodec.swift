import Foundation

/// A file format's codec: bytes to an object graph and back, and a cheap look at the bytes to
/// tell whether they are this format.
///
/// The graph is an array of ``ModelNode``s, the root first, whose containers name their children
/// by number: a value met twice is one shared value, a container among its own descendants a
/// cycle, a typed object an ``ModelNode/object(className:properties:)``. Formats that cannot say
/// "typed" or "shared" (JSON, plain property lists) simply never produce objects or share nodes,
/// and write a shared value once at each place (a cycle is then an error naming its path).
///
/// Everything else is built on the two graph methods: a model is decoded from the graph by the
/// mapping rules and encoded into a graph for ``encodeGraph(_:)``; ``ModelValue/init(data:context:)``
/// shows the graph as a tree (`$class` beside an object's keys, `{"$alias": "<key path>"}` at a
/// value met again); converting a file from one format to another hands the graph from one to
/// the other. So a format of your own implements the graph and nothing else, and gets models,
/// trees and detection (FilesAndFormats, "A format of your own", shows one).
///
/// Every codec reports malformed input as a ``ModelError`` carrying its ``format``, never traps,
/// and never allocates by an unchecked count read from the input.
public protocol FormatCodec: Sendable {
    /// The format this codec reads and writes.
    var format: ModelFormat { get }
    /// The file extension for save files (`plist`, `json`, `fast`).
    var fileExtension: String { get }
    /// How sure the codec is that `data` is its format, from its first bytes and, where cheap, a
    /// parse: `nil` for "not mine", larger numbers for "more certain". Detection picks the
    /// codec with the highest confidence (``Model/init(data:context:)``, ``ModelValue/init(data:context:)``).
    func confidence(for data: Data) -> Int?
    /// Whether the format stores class names: models are then encoded as objects
    /// (``ModelNode/object(className:properties:)``) with their registered type names, and read
    /// back polymorphically; otherwise they are encoded as dictionaries.
    var storesTypes: Bool { get }
    /// Reads the graph of `data`, its root first.
    ///
    /// - Throws: ``ModelError`` (malformed, truncated, empty, or unsupported content).
    func decodeGraph(from data: Data) throws(ModelError) -> [ModelNode]
    /// Writes a graph whose root is its first node. The library checks a graph before handing it
    /// over: every number names a node, and the depth is within the ``DecodingLimits``.
    ///
    /// - Throws: ``ModelError`` when the graph holds something the format cannot store.
    func encodeGraph(_ graph: [ModelNode]) throws(ModelError) -> Data
}

extension FormatCodec {

    /// Builds a value of `type`, a model above all, from bytes in this format: the one place
    /// where "bytes in a format → model" happens (`Model(data:)`, files, shared instances and
    /// stores all come here).
    ///
    /// The bytes are read into a graph (a built-in codec's own, else the ``ModelNode`` graph of
    /// ``decodeGraph(from:)``) and the model decoded from it by the mapping rules. `decoder` gives
    /// the model types a format that ``storesTypes`` reads objects with, and the identity map
    /// `Live` properties resolve through. The cast costs once per file, not per value.
    ///
    /// - Throws: ``ModelError``: the bytes are malformed, or a value does not fit the type (with
    ///   its path).
    package func decodeModel<T: Decodable>(_ type: T.Type, from data: Data, using decoder: ModelDecoder) throws(ModelError) -> T {
        try ModelRegistry.using(decoder.registry) { () throws(ModelError) -> T in
            if let codec = self as? any GraphCodec { return try codec.decodeModelFromGraph(type, from: data, using: decoder) }
            return try StackReserve.run { () throws(ModelError) -> T in
                try decodeModel(type, from: readIndex(from: data), using: decoder)
            }
        }
    }

    /// The bytes of `value`, a model above all, in this format: the one place where
    /// "model → bytes in a format" happens.
    ///
    /// A built-in codec's writer takes the model from the one encoder; any other codec is given
    /// the ``ModelNode`` graph of the model's tree (typed, with `encoder`'s model types, when the
    /// format ``storesTypes``).
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded or stored in the format.
    package func encodeModel<T: Encodable>(_ value: T, using encoder: ModelEncoder) throws(ModelError) -> Data {
        try ModelRegistry.using(encoder.registry) { () throws(ModelError) -> Data in
            if let codec = self as? any GraphCodec { return try codec.encodeModelToWriter(value, using: encoder) }
            return try encodeModelThroughTree(value, using: encoder)
        }
    }

    /// `value` encoded by the mapping rules into a tree (typed when the format ``storesTypes``)
    /// and written with ``encodeTree(_:)``: the path of a codec of one's own, and for a built-in
    /// one the same bytes as its writer's (tests compare the two).
    ///
    /// - Throws: ``ModelError`` when a value cannot be encoded or stored in the format.
    func encodeModelThroughTree<T: Encodable>(_ value: T, using encoder: ModelEncoder) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            let tree: ModelValue
            do throws(ModelError) {
                tree = try forThisFormat(encoder).encode(value)
            } catch var error {
                if error.format == .tree { error.format = format }
                throw error
            }
            return try encodeTree(tree)
        }
    }

    /// The graph of `data` as the model decoder reads it: a built-in codec's own graph, else the
    /// codec's ``ModelNode`` graph, checked (``InputIndex/init(modelNodes:byteCount:format:)``).
    ///
    /// - Throws: ``ModelError`` in this format for malformed bytes or a graph that does not hold.
    package func readIndex(from data: Data) throws(ModelError) -> InputIndex {
        try StackReserve.run { () throws(ModelError) -> InputIndex in
            do throws(ModelError) {
                if let codec = self as? any GraphCodec { return try codec.readGraph(from: data) }
                return try InputIndex(modelNodes: decodeGraph(from: data), byteCount: data.count, format: format)
            } catch var error {
                if error.format == nil || error.format == .tree { error.format = format }
                throw error
            }
        }
    }

    /// `graph` in this format: a built-in codec's writer replays it (sharing, classes and forms
    /// kept where the format stores them), any other codec is given its ``ModelNode``s.
    ///
    /// - Throws: ``ModelError`` in this format when it cannot store a value (with its path).
    package func write(_ graph: InputIndex) throws(ModelError) -> Data {
        try StackReserve.run { () throws(ModelError) -> Data in
            do throws(ModelError) {
                guard let codec = self as? any GraphCodec else { return try encodeGraph(graph.modelNodes()) }
                let writer = codec.makeWriter()
                try graph.write(to: writer)
                return try writer.finish()
            } catch var error {
                if error.format == nil { error.format = format }
                throw error
            }
        }
    }

    /// The typed tree of `data`: its graph with `$class` beside each object's keys and
    /// `{"$alias": "<key path>"}` at each value met again (see ``InputIndex/typedTree()``).
    ///
    /// - Throws: ``ModelError`` (malformed, truncated, empty, or unsupported content).
    package func decodeTree(from data: Data) throws(ModelError) -> ModelValue {
        if let codec = self as? any GraphCodec { return try codec.decodeTree(from: data) }
        return try typedTree(of: data)
    }

    /// ``decodeTree(from:)`` made of the graph (``readIndex(from:)``), what every codec's tree is
    /// unless a built-in one has a tree of its own.
    ///
    /// - Throws: ``ModelError`` in this format (malformed, truncated, empty, or unsupported content).
    func typedTree(of data: Data) throws(ModelError) -> ModelValue {
        try StackReserve.run { () throws(ModelError) -> ModelValue in
            do throws(ModelError) {
                return try readIndex(from: data).typedTree()
            } catch var error {
                if error.format == nil { error.format = format }
                throw error
            }
        }
    }

    /// Writes a tree: typed (`$class`, `$alias` stand for objects and shared values) when the
    /// format ``storesTypes``, plain otherwise.
    ///
    /// - Throws: ``ModelError`` when the tree holds something the format cannot store, or a
    ///   typed tree's alias names no place.
    package func encodeTree(_ tree: ModelValue) throws(ModelError) -> Data {
        if let codec = self as? any GraphCodec { return try codec.encodeTree(tree) }
        return try StackReserve.run { () throws(ModelError) -> Data in
            let index: InputIndex
            if storesTypes {
                index = try InputIndex(typedTree: tree)
            } else {
                var builder = GraphBuilder()
                let root = builder.add(tree: tree)
                index = builder.index(root: root)
            }
            return try encodeGraph(index.modelNodes())
        }
    }

    /// `value` of `type` decoded from `graph` with this format's types: a model's data of another
    /// ``Model/schemaVersion`` is read through its tree, which is migrated first (or refused when
    /// newer, ``Model/readable(_:)``); data at the model's version, and every other value, is
    /// decoded from the graph itself.
    ///
    /// - Throws: ``ModelError``: a value does not fit the type (with its path), in this format.
    func decodeModel<T: Decodable>(_ type: T.Type, from graph: InputIndex, using decoder: ModelDecoder) throws(ModelError) -> T {
        let decoder = forThisFormat(decoder)
        guard !graph.isAtSchemaVersion(of: type), let model = type as? any Model.Type else {
            return try TreeDecoder.decode(type, from: graph, registry: decoder.registry, identityMap: decoder.identityMap, format: format)
        }
        do throws(ModelError) {
            return try decoder.decode(type, from: model.readable(graph.typedTree()))
        } catch var error {
            if error.format == nil || error.format == .tree { error.format = format }
            throw error
        }
    }

    /// `decoder` as this format needs it: reading typed trees (with its registry, or the shared
    /// one) when the format stores types, plain trees otherwise.
    func forThisFormat(_ decoder: ModelDecoder) -> ModelDecoder {
        var decoder = decoder
        decoder.registry = storesTypes ? decoder.registry ?? .shared : nil
        return decoder
    }

    /// `encoder` as this format needs it: writing typed trees when the format stores types.
    func forThisFormat(_ encoder: ModelEncoder) -> ModelEncoder {
        var encoder = encoder
        encoder.registry = storesTypes ? encoder.registry ?? .shared : nil
        return encoder
    }
}
