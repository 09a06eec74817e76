import Foundation

extension Model {
    /// Builds a model from an untyped object (BaseModel's `initWithObject:`).
    ///
    /// `object` may be a `[String: Any]`, an `[Any]`, a ``ModelValue``, JSON as `Data` or `String`,
    /// file bytes in any format the library reads (a property list, a keyed archive, …), or a
    /// bare string, number or data that the type builds itself from with ``make(from:)``.
    /// `Data` and `String` whose first non-blank character is `{` or `[` are parsed as JSON;
    /// other `Data` is detected by content, as ``Model/init(data:context:)`` does, and is a
    /// bare value when no format recognises it. Keys missing from the object keep the defaults
    /// of `init()`. A dictionary of an older ``schemaVersion`` (its `$schemaVersion`, absent
    /// for 1) is migrated first, as saved data is (see ``migrations``).
    ///
    /// ```swift
    /// let item = try TodoItem(object: ["label": "Buy milk", "checked": true])
    /// let game = try Game(object: jsonData)
    /// ```
    ///
    /// - Throws: ``ModelError`` for malformed JSON, a value of the wrong kind (with its path), a
    ///   transformer that refuses a value, a failed migration, data of a newer ``schemaVersion``
    ///   (``ModelError/Reason/newerVersion(found:known:)``), or an object the type cannot be built
    ///   from (an `NSNull` among them; use ``Model/instance(object:context:)`` to get `nil` instead).
    public init(object: Any, context: ModelContext = ModelContext()) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> Self in
            switch try UntypedInput(object, formats: context.formats) {
            case .tree(let tree): try context.plainDecoder.decode(Self.self, from: Self.readable(tree))
            case .encoded(let data, let codec): try codec.decodeModel(Self.self, from: data, using: context.decoder)
            }
        }
    }

    /// Builds a model from an untyped object as ``Model/init(object:context:)`` does, and adds to `report` the
    /// keys nobody read, the properties that kept their default and the values that were converted.
    ///
    /// File bytes are read as ``Model/init(object:context:)`` reads them: a `$class` builds the
    /// registered subclass it names (the `$class` key itself is not reported), and an instance
    /// the file shares is one instance.
    ///
    /// - Throws: ``ModelError``, as ``Model/init(object:context:)``.
    public init(object: Any, report: inout ModelReport, context: ModelContext = ModelContext()) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> Self in
            switch try UntypedInput(object, formats: context.formats) {
            case .tree(let tree): try context.plainDecoder.decode(Self.self, from: Self.readable(tree), report: &report)
            case .encoded(let data, let codec):
                try context.decoder.decode(Self.self, from: Self.readable(codec.decodeTree(from: data)), report: &report)
            }
        }
    }

    /// Builds a model from JSON text.
    ///
    /// ```swift
    /// let item = try TodoItem(json: #"{"label": "Buy milk"}"#)
    /// ```
    ///
    /// - Throws: ``ModelError`` for malformed JSON or a value that does not fit.
    public init(json: String, context: ModelContext = ModelContext()) throws(ModelError) {
        try self.init(json: Data(json.utf8), context: context)
    }

    /// Builds a model from JSON bytes, read by the context's JSON codec.
    ///
    /// - Throws: ``ModelError`` for malformed JSON or a value that does not fit.
    public init(json: Data, context: ModelContext = ModelContext()) throws(ModelError) {
        self = try context.withLimits { () throws(ModelError) -> Self in
            try context.formats.codec(for: .json).decodeModel(Self.self, from: json, using: context.decoder)
        }
    }

    /// Builds a model from an untyped object, or returns `nil` for `nil`, `NSNull`, and a bare
    /// value that ``make(from:)`` does not take (BaseModel's `instanceWithObject:`).
    ///
    /// - Throws: ``ModelError`` as ``Model/init(object:context:)`` for everything else that does not fit.
    public static func instance(object: Any?, context: ModelContext = ModelContext()) throws(ModelError) -> Self? {
        guard let object else { return nil }
        return try context.withLimits { () throws(ModelError) -> Self? in
            try instance(value: UntypedInput(object, formats: context.formats).tree(), context: context)
        }
    }

    private static func instance(value: ModelValue, context: ModelContext) throws(ModelError) -> Self? {
        switch value {
        case .null:
            return nil
        case .dictionary:
            return try context.withLimits { () throws(ModelError) -> Self in try context.plainDecoder.decode(Self.self, from: readable(value)) }
        default:
            do {
                return try make(from: value)
            } catch {
                throw ModelError.from(error, format: .tree)
            }
        }
    }

    /// Builds one model per element of an array, skipping `NSNull` and the elements that give no
    /// instance (BaseModel 2.6's `instancesWithArray:`), so the result may be shorter than the input.
    ///
    /// `array` may be an `[Any]`, a ``ModelValue`` array, or a JSON array as `Data`/`String`.
    ///
    /// - Throws: ``ModelError`` when `array` is not an array, or an element is a dictionary or bare
    ///   value that does not fit (the path names the element's index).
    public static func instances(array: Any, context: ModelContext = ModelContext()) throws(ModelError) -> [Self] {
        let value = try context.withLimits { () throws(ModelError) -> ModelValue in try UntypedInput(array, formats: context.formats).tree() }
        guard case .array(let elements) = value else {
            throw ModelError(.typeMismatch(expected: "array", found: value.kindName), excerpt: value.excerpt)
        }
        var instances: [Self] = []
        instances.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                if let instance = try instance(value: element, context: context) { instances.append(instance) }
            } catch {
                var located = error
                located.path = ModelPath([.index(index)]).appending(error.path)
                throw located
            }
        }
        return instances
    }
}
