import Foundation
import OrderedCollections

/// Foundation's archived classes, read as the plain values they hold.
extension KeyedArchiveReader {
    /// Classes whose `NS.objects` (or `NS.object.0`, `NS.object.1` …) become an array.
    static let collectionClasses: Set<String> = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet",
    ]

    /// The classes ``foundationValue(_:_:_:at:depth:)`` reads as plain values: a typed object
    /// of one of these names is not written (it would not read back as a typed object).
    static let valueClasses: Set<String> = collectionClasses.union([
        "NSString", "NSMutableString", "NSNull", "NSDate", "NSData", "NSMutableData", "NSUUID", "NSURL",
        "NSDictionary", "NSMutableDictionary",
    ])

    /// The tree value of an object of a Foundation class, or `nil` for any other class (which
    /// then becomes a typed object):
    ///
    /// | class | keys | tree value |
    /// |---|---|---|
    /// | NSString, NSMutableString | `NS.string` (or UTF-8 `NS.bytes`) | string |
    /// | NSArray, NSSet, NSOrderedSet and mutable kinds | `NS.objects`, or `NS.object.N` | array (sets in archive order) |
    /// | NSDictionary, NSMutableDictionary | `NS.keys`, `NS.objects` | dictionary; number keys become their decimal text |
    /// | NSDate | `NS.time` (seconds since 2001) | date |
    /// | NSData, NSMutableData | `NS.data` | data |
    /// | NSURL | `NS.base`, `NS.relative` | the absolute URL string |
    /// | NSUUID | `NS.uuidbytes` | the uppercase UUID string |
    /// | NSNull | — | null |
    ///
    /// NSValue, NSCountedSet, NSIndexSet and other classes stay typed objects with their keys.
    mutating func foundationValue(
        _ className: String, _ index: Int, _ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int
    ) throws(ModelError) -> ModelValue? {
        switch className {
        case "NSString", "NSMutableString":
            return .string(try string(fields, at: path, depth: depth))
        case "NSNull":
            return .null
        case "NSDate":
            switch try resolved(try field("NS.time", in: fields, at: path), at: path) {
            case .real(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .integer(let seconds): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            case let other: throw failure(.typeMismatch(expected: "real NS.time", found: other.kindName), at: path)
            }
        case "NSData", "NSMutableData":
            let data = try resolved(try field("NS.data", in: fields, at: path), at: path)
            guard case .data(let bytes) = data else { throw failure(.typeMismatch(expected: "data NS.data", found: data.kindName), at: path) }
            return .data(bytes)
        case "NSUUID":
            let data = try resolved(try field("NS.uuidbytes", in: fields, at: path), at: path)
            guard case .data(let bytes) = data, bytes.count == 16 else {
                throw failure(.typeMismatch(expected: "16 bytes of NS.uuidbytes", found: data.excerpt), at: path)
            }
            let b = [UInt8](bytes)
            let uuid = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
            return .string(uuid.uuidString)
        case "NSURL":
            return .string(try url(fields, at: path, depth: depth))
        case "NSDictionary", "NSMutableDictionary":
            openCollections.insert(index)
            defer { openCollections.remove(index) }
            return try dictionary(fields, at: path, depth: depth)
        case _ where Self.collectionClasses.contains(className):
            openCollections.insert(index)
            defer { openCollections.remove(index) }
            return .array(try elements(fields, at: path, depth: depth))
        default:
            return nil
        }
    }

    private func field(_ key: String, in fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath) throws(ModelError) -> PropertyListObject {
        guard let value = fields[key] else { throw failure(.missingValue(expected: key), at: path) }
        return value
    }

    private mutating func string(_ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int) throws(ModelError) -> String {
        if let text = fields["NS.string"] {
            guard case .string(let string) = try value(text, at: path, depth: depth + 1) else {
                throw failure(.typeMismatch(expected: "string NS.string", found: text.kindName), at: path)
            }
            return string
        }
        guard case .data(let bytes) = try resolved(try field("NS.bytes", in: fields, at: path), at: path),
            let string = String(bytes: bytes, encoding: .utf8)
        else { throw failure(.typeMismatch(expected: "UTF-8 NS.bytes", found: "other bytes"), at: path) }
        return string
    }

    /// The absolute string of an NSURL: `NS.relative` resolved against `NS.base` (itself an NSURL
    /// or `$null`).
    private mutating func url(_ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int) throws(ModelError) -> String {
        guard case .string(let relative) = try value(try field("NS.relative", in: fields, at: path), at: path, depth: depth + 1) else {
            throw failure(.typeMismatch(expected: "string NS.relative", found: "another kind"), at: path)
        }
        var base = ModelValue.null
        if let baseField = fields["NS.base"] { base = try value(baseField, at: path, depth: depth + 1) }
        switch base {
        case .null: return relative
        case .string(let baseString):
            return URL(string: relative, relativeTo: URL(string: baseString))?.absoluteString ?? relative
        default: throw failure(.typeMismatch(expected: "NSURL NS.base", found: base.kindName), at: path)
        }
    }

    /// The elements of an array, set or ordered set.
    private mutating func elements(_ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int) throws(ModelError) -> [ModelValue] {
        var values: [ModelValue] = []
        if let list = fields["NS.objects"] {
            guard case .array(let references) = list else {
                throw failure(.typeMismatch(expected: "an array of UIDs in NS.objects", found: list.kindName), at: path)
            }
            values.reserveCapacity(references.count)
            for (position, reference) in references.enumerated() {
                values.append(try value(reference, at: path.appending(.index(position)), depth: depth + 1))
            }
        } else {
            // NSOrderedSet writes one key per element.
            while let reference = fields["NS.object.\(values.count)"] {
                values.append(try value(reference, at: path.appending(.index(values.count)), depth: depth + 1))
            }
        }
        return values
    }

    /// The entries of a dictionary. Keys must be strings or numbers; numbers are written as
    /// their decimal text (`1` becomes `"1"`), and a key that then repeats keeps its last value.
    private mutating func dictionary(
        _ fields: OrderedDictionary<String, PropertyListObject>, at path: ModelPath, depth: Int
    ) throws(ModelError) -> ModelValue {
        guard case .array(let keys) = try field("NS.keys", in: fields, at: path),
            case .array(let objects) = try field("NS.objects", in: fields, at: path)
        else { throw failure(.typeMismatch(expected: "arrays of UIDs in NS.keys and NS.objects", found: "another kind"), at: path) }
        guard keys.count == objects.count else {
            throw failure(.malformed("\(keys.count) NS.keys for \(objects.count) NS.objects"), at: path)
        }
        var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: keys.count)
        for (key, object) in zip(keys, objects) {
            let name: String
            switch try value(key, at: path, depth: depth + 1) {
            case .string(let text): name = text
            case .integer(let number): name = String(number)
            case .unsignedInteger(let number): name = String(number)
            case .double(let number): name = String(number)
            case let other:
                throw failure(.typeMismatch(expected: "a string or number dictionary key", found: other.kindName), at: path, excerpt: other.excerpt)
            }
            entries[name] = try value(object, at: path.appending(.key(name)), depth: depth + 1)
        }
        return .dictionary(entries)
    }
}
