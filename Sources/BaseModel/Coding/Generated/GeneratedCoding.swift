/// A model whose coding the model macro generated: the engine reads its stored properties
/// straight from the input, one after another, without `Decoder` containers.
///
/// You do not conform to it by hand: `@Model` does, and the members are underscored because
/// they belong to the generated code. The `Codable` conformance stays, so the type still works
/// with Foundation's coders, and with the engine where direct reading does not apply.
public protocol GeneratedCoding: Model {
    /// The codable stored properties, in the order ``_readFields(from:)`` reads them.
    static var _fieldNames: [String] { get }

    /// Reads each codable stored property, in the order of the type's schema (a superclass's
    /// first), with one ``ModelFieldReader/read(_:)`` each. A property whose key is missing from
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
