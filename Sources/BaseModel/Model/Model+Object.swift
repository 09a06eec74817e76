import Foundation

extension Model {
    /// Builds a model from an untyped object (BaseModel's `initWithObject:`).
    ///
    /// `object` may be a `[String: Any]`, an `[Any]`, a ``ModelValue``, JSON as `Data` or `String`,
    /// or a bare string, number or data that the type builds itself from with ``make(from:)``.
    /// `Data` and `String` whose first non-blank character is `{` or `[` are parsed as JSON;
    /// anything else is a bare value. Keys missing from the object keep the defaults of `init()`.
    ///
    /// ```swift
    /// let item = try TodoItem(object: ["label": "Buy milk", "checked": true])
    /// let game = try Game(object: jsonData)
    /// ```
    ///
    /// - Throws: ``ModelError`` for malformed JSON, a value of the wrong kind (with its path), a
    ///   transformer that refuses a value, or an object the type cannot be built from (an `NSNull`
    ///   among them; use ``instance(object:)`` to get `nil` instead).
    public init(object: Any) throws(ModelError) {
        self = try ModelDecoder().decode(Self.self, from: ModelValue(untypedObject: object))
    }

    /// Builds a model from an untyped object as ``init(object:)`` does, and adds to `report` the
    /// keys nobody read, the properties that kept their default and the values that were converted.
    ///
    /// - Throws: ``ModelError``, as ``init(object:)``.
    public init(object: Any, report: inout ModelReport) throws(ModelError) {
        self = try ModelDecoder().decode(Self.self, from: ModelValue(untypedObject: object), report: &report)
    }

    /// Builds a model from JSON text.
    ///
    /// - Throws: ``ModelError`` for malformed JSON or a value that does not fit.
    public init(json: String) throws(ModelError) {
        self = try ModelDecoder().decode(Self.self, from: JSONParser.parse(Data(json.utf8)))
    }

    /// Builds a model from JSON bytes.
    ///
    /// - Throws: ``ModelError`` for malformed JSON or a value that does not fit.
    public init(jsonData: Data) throws(ModelError) {
        self = try ModelDecoder().decode(Self.self, from: JSONParser.parse(jsonData))
    }

    /// Builds a model from an untyped object, or returns `nil` for `nil`, `NSNull`, and a bare
    /// value that ``make(from:)`` does not take (BaseModel's `instanceWithObject:`).
    ///
    /// - Throws: ``ModelError`` as ``init(object:)`` for everything else that does not fit.
    public static func instance(object: Any?) throws(ModelError) -> Self? {
        guard let object else { return nil }
        let value = try ModelValue(untypedObject: object)
        return try instance(value: value)
    }

    private static func instance(value: ModelValue) throws(ModelError) -> Self? {
        switch value {
        case .null:
            return nil
        case .dictionary:
            return try ModelDecoder().decode(Self.self, from: value)
        default:
            do {
                return try make(from: value)
            } catch {
                throw ModelError.from(error, format: "tree")
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
    public static func instances(array: Any) throws(ModelError) -> [Self] {
        let value = try ModelValue(untypedObject: array)
        guard case .array(let elements) = value else {
            throw ModelError(.typeMismatch(expected: "array", found: value.kindName), excerpt: value.excerpt)
        }
        var instances: [Self] = []
        instances.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                if let instance = try instance(value: element) { instances.append(instance) }
            } catch {
                var located = error
                located.path = ModelPath([.index(index)]).appending(error.path)
                throw located
            }
        }
        return instances
    }
}

extension ModelValue {
    /// Converts what ``Model/init(object:)`` accepts: Foundation objects, trees, and JSON in
    /// `Data`/`String` when it starts with `{` or `[`.
    init(untypedObject object: Any) throws(ModelError) {
        switch object {
        case let value as ModelValue:
            self = value
        case let data as Data:
            self = try ModelValue.jsonOrBare(data) ?? .data(data)
        case let text as String:
            self = try ModelValue.jsonOrBare(Data(text.utf8)) ?? .string(text)
        default:
            self = try ModelValue(foundation: object)
        }
    }

    /// The parsed JSON when `data` starts (after an optional UTF-8 byte-order mark and blanks)
    /// with `{` or `[`; `nil` when it is a bare value.
    ///
    /// - Throws: ``ModelError/Reason/empty`` when there is nothing but blanks, and the parser's
    ///   errors for malformed JSON.
    private static func jsonOrBare(_ data: Data) throws(ModelError) -> ModelValue? {
        switch JSONParser.firstSignificantByte(of: data) {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return try JSONParser.parse(data)
        case .some: return nil
        case nil: break
        }
        return try JSONParser.parse(data)   // nothing but blanks: the parser's `.empty` error
    }
}
