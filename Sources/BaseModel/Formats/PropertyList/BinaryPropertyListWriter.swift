import Foundation

/// Writes ``PropertyListObject``s as binary property lists (`bplist00`).
///
/// The top object is object 0; containers are numbered before their contents. Equal strings,
/// numbers, dates, data and UIDs are stored once and referenced wherever they occur (containers
/// are not deduplicated). Integers, object references and offsets use the fewest bytes that hold
/// them; strings are ASCII when they can be and UTF-16 otherwise, as CoreFoundation writes them.
enum BinaryPropertyListWriter {
    /// The binary property list of `object`.
    static func data(from object: PropertyListObject) -> Data {
        var builder = BinaryPropertyListBuilder()
        _ = add(object, to: &builder)
        return builder.serialized()
    }

    /// Makes the object of `object` and, for a container, of everything it holds.
    private static func add(_ object: PropertyListObject, to builder: inout BinaryPropertyListBuilder) -> Int32 {
        switch object {
        case .array(let elements):
            let array = builder.array(count: elements.count)
            for (position, element) in elements.enumerated() {
                let child = add(element, to: &builder)
                builder.set(position, of: array, to: child)
            }
            return array
        case .dictionary(let entries):
            let dictionary = builder.dictionary(count: entries.count)
            for (position, key) in entries.keys.enumerated() {
                let child = builder.string(key)
                builder.set(position, of: dictionary, to: child)
            }
            for (position, value) in entries.values.enumerated() {
                let child = add(value, to: &builder)
                builder.set(entries.count + position, of: dictionary, to: child)
            }
            return dictionary
        case .string(let value): return builder.string(value)
        case .integer(let value): return builder.integer(value)
        case .unsignedInteger(let value): return builder.unsigned(value)
        case .real(let value): return builder.real(value)
        case .bool(let value): return builder.bool(value)
        case .date(let value): return builder.date(value)
        case .data(let value): return builder.data(value)
        case .uid(let value): return builder.uid(value)
        }
    }
}
