extension Live: LiveTreeEncoding {
    var owningMap: IdentityMap? { map }
}

extension Live: LiveTreeDecoding {
    static func decodeLive(from value: ModelValue, decoder: TreeDecoder, component: ModelPath.Component?) throws -> Any {
        try decoder.state.liveIdentityMap.resolve(Value.self, from: value, decoder: decoder, component: component)
    }
}

extension Live: Decodable {
    /// Decodes a **detached** instance (in no map) with a decoder other than the library's, such
    /// as Foundation's `JSONDecoder`. This library's decoders and ``IdentityMap`` never call this: they
    /// resolve the value through a map.
    ///
    /// - Throws: What decoding the model throws.
    public convenience init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder), map: nil)
    }
}

extension IdentityMap {
    /// The live instance for a value met while decoding: a payload dictionary is merged into the
    /// instance for its identifier (created, or revived from the store, when none is live); a
    /// bare string or integer is a reference by identifier. In a plain tree (defaults, copies) a
    /// dictionary names an instance and only creates it when none is live.
    func resolve<M: IdentifiedModel>(
        _ type: M.Type, from value: ModelValue, decoder: TreeDecoder, component: ModelPath.Component?
    ) throws -> Live<M> {
        try withWriter { () throws -> Live<M> in
            let position = component.map(decoder.path(appending:)) ?? decoder.path
            switch value {
            case .dictionary where decoder.plain:
                let id = try M.plainIdentifier(in: value, at: position)
                if let live = existing(M.self, id: id) { return live }
                return adopt(try decoder.decodeIdentified(M.self, from: value, component: component, base: nil))
            case .dictionary:
                let schema = ModelSchema.of(M.self)
                let id = try M.identifier(in: value, schema: schema, at: position)
                let live = existing(M.self, id: id)
                let base = try live?.value ?? store?.fetchSynchronously(M.self, id: id)
                let baseTree = try base.map { (base: M) throws(ModelError) in try TreeEncoder.encodePlain(base) }
                let merged = try decoder.decodeIdentified(M.self, from: value, component: component, base: baseTree)
                guard let live, let base else { return adopt(merged) }
                // Compared after the decode, so both sides show nested live instances as they are
                // now: a nested merge is that instance's change, not this one's.
                if try TreeEncoder.encodePlain(merged).orderedEquals(TreeEncoder.encodePlain(base)) { return live }
                live.replace(with: merged)
                enqueueChange(of: live, value: merged)
                return live
            case .string, .integer, .unsignedInteger:
                let schema = ModelSchema.of(M.self)
                guard let id = M.ID(treeValue: value, lenient: schema.coercion == .lenient) else {
                    throw ModelError(
                        .typeMismatch(expected: "identifier of \(M.typeName) (\(M.ID.self))", found: value.kindName),
                        path: position, excerpt: value.excerpt)
                }
                return try instance(M.self, id: id)
            default:
                throw decoder.mismatch(expected: "dictionary or identifier (\(M.typeName))", found: value, at: component)
            }
        }
    }
}
