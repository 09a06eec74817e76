import Foundation
import OrderedCollections

/// What `ModelStore.fetchAll(_:where:)` looks for: the fields asked for,
/// under the keys a store keeps them (the model's remote keys), as a tree that a stored model's
/// tree must contain.
///
/// A field is named by its Swift property name (mapped through the model's key paths and key
/// case: `screenName` is `screen_name` when the model says so), by a key path of one property
/// (`\.screenName`), or by its stored key. A property whose remote key path has several steps
/// (`venue.address.city`) becomes nested dictionaries. A name the model does not have is an
/// error naming the stored keys, never a query that silently matches nothing.
///
/// Containment is PostgreSQL's `jsonb @>`: every key of a dictionary in the pattern is in the
/// stored dictionary with a value that contains the pattern's; every element of an array in the
/// pattern is contained in some element of the stored array; numbers are equal by value (`1`
/// and `1.0`), strings by their bytes, other scalars by kind and value.
package struct StoreQuery: Sendable {
    /// The fields by stored key, in key order: always a dictionary.
    package let pattern: ModelValue

    /// A query for stored trees containing `pattern` (a dictionary of stored keys), as it is.
    package init(pattern: ModelValue) {
        self.pattern = pattern
    }

    /// A query for the models of `type` whose fields have the given values.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/invalidValue(_:)`` when a value is not a
    ///   JSON value (string, number, boolean, null, array, dictionary) or a name is neither a
    ///   property nor a stored key of `type` (the message lists the stored keys).
    package init<M: Model>(_ type: M.Type, fields: [String: any Sendable]) throws(ModelError) {
        guard JSONSerialization.isValidJSONObject(fields) else {
            throw ModelError(.invalidValue("the fields to match are not JSON values: \(fields)"))
        }
        let schema = ModelSchema.of(M.self)
        let properties = Set(schema.propertyKeys)
        let storedKeys = M.storedPropertyKeys
        var pattern = ModelValue.dictionary([:])
        for name in fields.keys.sorted() {
            let value = try ModelValue(foundation: fields[name]!)
            let path: [String]
            if properties.contains(name) {
                guard !schema.uncodableKeys.contains(name) else {
                    throw ModelError(.invalidValue("\(M.typeName) does not store this property (it is uncodable)"), path: [.key(name)])
                }
                let steps = schema.remotePath(for: name).primary
                guard !steps.isEmpty, steps.allSatisfy({ $0.index == nil }) else {
                    throw ModelError(
                        .unsupported("\(M.typeName) stores this property at \(schema.remotePath(for: name)), through an array"),
                        path: [.key(name)])
                }
                path = steps.map(\.key)
            } else if storedKeys.contains(name) {
                path = [name]
            } else {
                throw ModelError(
                    .invalidValue(
                        "\(M.typeName) has no property or stored key of this name; its stored keys are \(storedKeys.joined(separator: ", "))"),
                    path: [.key(name)])
            }
            Self.insert(value, at: path[...], into: &pattern)
        }
        self.pattern = pattern
    }

    /// A query for the models of `type` whose properties, named by key paths of one property
    /// each (`\.screenName`), have the given values.
    ///
    /// - Throws: ``ModelError`` as ``init(_:fields:)``, and when a key path is not one stored
    ///   property of `type` (`\.user.name`, a computed property).
    package init<M: Model>(_ type: M.Type, keyPaths: [PartialKeyPath<M>: any Sendable]) throws(ModelError) {
        var fields: [String: any Sendable] = [:]
        for (keyPath, value) in keyPaths { fields[try Self.propertyName(of: keyPath)] = value }
        try self.init(M.self, fields: fields)
    }

    /// The property a key path names: Swift describes `\Account.screenName` as that text (from
    /// the type's reflection metadata, which every build keeps unless it is turned off), and the
    /// name after the type's is checked against the schema by ``init(_:fields:)``.
    private static func propertyName<M: Model>(of keyPath: PartialKeyPath<M>) throws(ModelError) -> String {
        let text = String(describing: keyPath)
        let prefix = "\\\(String(describing: M.self))."
        if text.hasPrefix(prefix) {
            let name = text.dropFirst(prefix.count)
            let isIdentifier = name.first.map { $0 == "_" || $0.isLetter } == true && name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
            if isIdentifier, ModelSchema.of(M.self).propertyKeys.contains(String(name)) { return String(name) }
        }
        let schema = ModelSchema.of(M.self)
        let stored = schema.propertyKeys.filter { !schema.uncodableKeys.contains($0) }.joined(separator: ", ")
        // Without reflection metadata Swift describes a stored property by its offset; it never
        // names a computed one (and `@Observable` makes every property computed).
        let why =
            text.contains("<offset ") ? " (the build keeps no reflection metadata: pass property names)"
            : text.contains("<computed ") ? " (a computed property, as @Observable makes every property: pass its name)" : ""
        throw ModelError(.invalidValue(
            "the key path \(text) names no stored property of \(M.typeName)\(why); its stored properties are \(stored)"))
    }

    /// Puts `value` at `path` in `tree`, making the dictionaries on the way.
    private static func insert(_ value: ModelValue, at path: ArraySlice<String>, into tree: inout ModelValue) {
        guard let key = path.first, case .dictionary(var entries) = tree else { return }
        if path.count == 1 {
            entries[key] = value
        } else {
            var child = entries[key] ?? .dictionary([:])
            if case .dictionary = child {} else { child = .dictionary([:]) }
            insert(value, at: path.dropFirst(), into: &child)
            entries[key] = child
        }
        entries.sort { $0.key < $1.key }
        tree = .dictionary(entries)
    }

    /// Whether a stored model's tree (remote keys, current version) contains the pattern.
    package func matches(_ stored: ModelValue) -> Bool { Self.contains(stored, pattern) }

    /// PostgreSQL's `jsonb @>` on trees.
    private static func contains(_ stored: ModelValue, _ pattern: ModelValue) -> Bool {
        switch (stored, pattern) {
        case (.dictionary(let entries), .dictionary(let wanted)):
            return wanted.allSatisfy { key, value in entries[key].map { contains($0, value) } ?? false }
        case (.array(let elements), .array(let wanted)):
            return wanted.allSatisfy { value in elements.contains { contains($0, value) } }
        case (.string(let text), .string(let wanted)):
            // By their bytes, as PostgreSQL compares text: Swift's `==` would equate "é" with
            // "e" and a combining accent.
            return text.utf8.elementsEqual(wanted.utf8)
        default:
            if let a = number(stored), let b = number(pattern) { return a == b }
            return stored == pattern
        }
    }

    /// A number's value, so that `1`, `1.0` and an unsigned `1` are equal.
    private static func number(_ value: ModelValue) -> Decimal? {
        switch value {
        case .integer(let number): Decimal(number)
        case .unsignedInteger(let number): Decimal(number)
        case .double(let number) where number.isFinite: Decimal(number)
        default: nil
        }
    }

    /// The pattern as JSON text with sorted keys, for a database that matches it itself.
    package var json: String {
        // The pattern holds only JSON values, so the JSON codec always writes it.
        (try? JSONCodec().encodeTree(pattern)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The model stored as `data` in `codec`'s format when it matches, else `nil`: the tree is
    /// migrated to the current version first (so a renamed field is found under its new key),
    /// matched, and only a match is decoded, from that same tree.
    ///
    /// - Throws: ``ModelError`` when the bytes do not parse or migrate (the entry cannot be
    ///   judged), or when a match does not decode.
    package func model<M: Model>(
        _ type: M.Type, stored data: Data, codec: any FormatCodec, context: ModelContext
    ) throws(ModelError) -> M? {
        try context.withLimits { () throws(ModelError) -> M? in
            let (tree, _) = try M.migrated(codec.decodeTree(from: data))
            guard matches(tree) else { return nil }
            return try codec.forThisFormat(context.decoder).decode(M.self, from: tree)
        }
    }

    /// Whether the model stored as `data` in `codec`'s format matches, judged on its tree
    /// migrated to the current version.
    ///
    /// - Throws: ``ModelError`` when the bytes do not parse or migrate.
    package func matches<M: Model>(_ type: M.Type, stored data: Data, codec: any FormatCodec) throws(ModelError) -> Bool {
        try matches(M.migrated(codec.decodeTree(from: data)).tree)
    }
}
