import Foundation

/// Where the one encoder writes: the seam between the mapping rules (``TreeEncoder``) and an
/// output. The encoder applies every rule (remote keys, key case, transformers, uncodable keys,
/// defined order, `$class`/`$alias`, `Live`, cycles, the depth limit) and hands a writer the
/// result, one call per value, in document order; a writer only turns those calls into its
/// output:
///
/// - ``TreeWriter`` builds the ``ModelValue`` tree (the reference path, what `ModelEncoder`
///   returns and what codecs without a writer of their own get through `encodeTree`);
/// - `JSONModelWriter` writes JSON bytes as it goes (compact or pretty);
/// - `FastModelWriter` records the calls and writes FastCoding bytes when the value is done
///   (class definitions need a model's keys before its values);
/// - `KeyedArchiveModelWriter` feeds a keyed archive's object table.
///
/// ## The calls
///
/// A value is one scalar call (`writeNull()` … `writeDate(_:)`), a tree (``writeTree(_:)``), an
/// alias (``writeAlias(to:)``), or a container: ``beginArray(count:)`` with its elements then
/// ``endArray()``; ``beginDictionary(count:)`` or ``beginObject(className:)`` with
/// ``writeKey(_:)`` before each value, then ``endDictionary()``. An object is a dictionary of a
/// registered type (`{"$class": name, …}` in a tree). A class instance that formats may share is
/// bracketed by ``beginShared(_:)`` and ``endShared(_:)``; a later occurrence is
/// ``writeAlias(to:)`` that ``SharedObject``.
///
/// Keys are written in the order they are met. A writer whose ``replacesDuplicateKeys`` is
/// `false` trusts the encoder to write each key of a container once; the encoder then keeps the
/// rule of the tree (a key written again keeps its first place and takes the last value) by
/// taking the container back (``takeBack(since:)``) and finishing it from a buffer.
///
/// Nothing here throws: a writer that meets a value its format cannot hold (a NaN in JSON, a NUL
/// in a FastCoding string) keeps the first such error, with the value's path in the document,
/// and reports it when it finishes, after the encoder is done. So the encoder's errors come
/// first and a writer's after them, as they do on the tree path (encode, then `encodeTree`).
///
/// ## Generated code
///
/// Code generated per model (the macro issue) writes a model's fields straight to a writer, in
/// declaration order, with no `Encoder` containers:
///
/// ```swift
/// // For `struct Game: Model { var id = ""; var score: Int? }`:
/// func write(to writer: any ModelWriter, schema: ModelSchema) {
///     writer.beginModel(schema, className: nil)      // or the registered name in a typed format
///     writer.writeField(0, of: schema)               // "id", or its remote key
///     writer.writeString(id)
///     if let score {                                 // a nil optional writes nothing
///         writer.writeField(1, of: schema)
///         writer.writeInteger(Int64(score))
///     }
///     writer.endModel()
/// }
/// ```
///
/// ``ModelSchema/fields`` gives each field's remote key (key case and `keyPaths` applied),
/// transformer and whether it is uncodable, once per type. A field with a transformer writes its
/// encoded value through it: `try writer.writeTree(schema.fields[n].encodedValue(value, in: path))`.
/// A model with a remote key path of several steps (``ModelSchema/encodesFieldsDirectly`` is
/// `false`) needs the encoder's buffer and is left to the `Encodable` path. Writers do the rest:
/// the fast writer picks or widens the class definition from the keys it was given, JSON writes
/// them as they come. `OneEncoderTests.generatedCode` writes a model this way and checks the
/// bytes against the `Encodable` path.
package protocol ModelWriter: AnyObject {
    /// Whether writing a key a container already holds replaces its value in place (the tree
    /// writer). When `false` the encoder writes each key of a container at most once.
    var replacesDuplicateKeys: Bool { get }

    /// Writes a null.
    func writeNull()
    /// Writes a boolean.
    func writeBool(_ value: Bool)
    /// Writes a signed integer.
    func writeInteger(_ value: Int64)
    /// Writes an unsigned integer above `Int64.max` (smaller ones are ``writeInteger(_:)``).
    func writeUnsigned(_ value: UInt64)
    /// Writes a double.
    func writeDouble(_ value: Double)
    /// Writes a string.
    func writeString(_ value: String)
    /// Writes bytes.
    func writeData(_ value: Data)
    /// Writes a date.
    func writeDate(_ value: Date)
    /// Writes a tree as one value, as a codec's `encodeTree` would write it in that place
    /// (a typed tree's `$class` and `$alias` included, where the format stores them).
    func writeTree(_ value: ModelValue)

    /// Opens an array; `count` is the number of elements when known up front.
    func beginArray(count: Int?)
    /// Closes the innermost array.
    func endArray()
    /// Opens a dictionary; `count` is the number of entries when known up front.
    func beginDictionary(count: Int?)
    /// Opens an object of a registered type: a dictionary that starts with `"$class": className`.
    func beginObject(className: String)
    /// Names the next value of the innermost dictionary or object.
    func writeKey(_ key: String)
    /// Whether the writer numbers the keys it meets (``number(ofKey:)``): generated writing then
    /// asks once per property and writer, instead of the writer looking the key up on every model.
    var numbersKeys: Bool { get }
    /// The number ``writeKey(number:)`` takes for `key`, valid for the writer's life, when it
    /// ``numbersKeys``; `nil` otherwise.
    func number(ofKey key: String) -> Int32?
    /// ``writeKey(_:)`` for the key ``number(ofKey:)`` gave `number`.
    func writeKey(number: Int32)
    /// Closes the innermost dictionary or object.
    func endDictionary()

    /// Starts the first occurrence of a class instance that later values may alias.
    func beginShared(_ object: SharedObject)
    /// Ends the first occurrence begun by ``beginShared(_:)``.
    func endShared(_ object: SharedObject)
    /// Writes a later occurrence of a shared instance.
    func writeAlias(to object: SharedObject)

    /// The current position, to come back to with ``rewind(to:)`` or ``takeBack(since:)``. Take
    /// it just before a value (after its key).
    func mark() -> WriterMark
    /// Forgets everything written since `mark` (a value whose encoding failed and was caught),
    /// errors included, as if it had never been written.
    func rewind(to mark: WriterMark)
    /// Takes back the one value written since `mark`, a container that may still be open, as the
    /// content of an ``EncodingNode`` (its entries, its elements, or the value), and forgets it
    /// as ``rewind(to:)`` does; writing the node later gives the same output.
    func takeBack(since mark: WriterMark) -> EncodingNode.Content
    /// Writes a value that ``takeBack(since:)`` returned inside a node.
    func writeRecorded(_ recording: any WriterRecording)

    // MARK: Writing a graph back

    /// The file's own form of the next value (a mutable array, a 4-byte float, a set), when a
    /// graph read from a file is written back (``InputIndex/write(to:)``): a writer whose format
    /// has that form writes the next value in it. Called only for a value that has one; the
    /// default ignores it.
    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant)
    /// Whether the writer keeps an object's nil values (``writeAbsent()``): FastCoding's class
    /// definitions list every key of the class, set or not. Default: `false`, the key is left out.
    var keepsAbsentValues: Bool { get }
    /// Writes an object's nil value, after its key (only when ``keepsAbsentValues``).
    func writeAbsent()
    /// Whether the writer keeps the identity of data, dates and mutable strings that a graph
    /// holds more than once (FastCoding caches them by identity and aliases them): a graph then
    /// brackets their first occurrence with ``beginShared(_:)``/``endShared(_:)`` and aliases the
    /// later ones, as it does for containers. Default: `false`, they are written again.
    var sharesValues: Bool { get }
}

extension ModelWriter {
    func setStyle(_ flags: GraphFlags, _ variant: GraphVariant) {}

    var keepsAbsentValues: Bool { false }

    var sharesValues: Bool { false }

    func writeAbsent() {
        assertionFailure("a nil value for a writer that does not keep them")
    }

    var numbersKeys: Bool { false }

    func number(ofKey key: String) -> Int32? { nil }

    func writeKey(number: Int32) {
        assertionFailure("a key number from a writer that does not number keys")
    }
}

/// A position in a writer's output (see ``ModelWriter/mark()``); what the numbers mean is the
/// writer's business.
package struct WriterMark {
    /// Where the output was (bytes, recorded calls).
    let offset: Int
    /// How many containers were open.
    let depth: Int
    /// How many values the innermost container held.
    let count: Int
}

/// A value a writer took back in its own form (``ModelWriter/takeBack(since:)``).
package protocol WriterRecording: AnyObject {}
