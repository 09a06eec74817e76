/// A model whose coding the model macro generated: the engine reads its stored properties
/// straight from the input, one after another, without `Decoder` containers.
///
/// You do not conform to it by hand: `@Model` does, and the members are underscored because
/// they belong to the generated code. The `Codable` conformance stays, so the type still works
/// with Foundation's coders, and with the engine where direct reading does not apply.
///
/// A class implements the requirements with plain methods in its body; a subclass overrides
/// them and calls its superclass's first. The engine uses them only for a type whose
/// ``Model/declaredProperties`` it declares itself: a subclass without the macro inherits
/// methods that miss its own properties, and is coded through `init(from:)` and `encode(to:)`.
public protocol GeneratedCoding: Model {
    /// Reads each codable stored property, in the order of ``Model/declaredProperties`` (a
    /// superclass's first, less the uncodable ones), with one ``ModelFieldReader/read(_:)`` each
    /// (``ModelFieldReader/skip()`` for a constant). A property whose key is missing from
    /// the input keeps the value it has, which is the value `init()` gave it.
    ///
    /// - Throws: What reading a property throws: a ``ModelError`` with the property's path.
    mutating func _readFields(from reader: inout ModelFieldReader) throws

    /// Writes each codable stored property, in the same order, with one
    /// ``ModelFieldWriter/write(_:)`` each.
    ///
    /// - Throws: What writing a property throws: a ``ModelError`` with the property's path.
    func _writeFields(to writer: inout ModelFieldWriter) throws
}
