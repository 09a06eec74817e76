import Foundation
import OrderedCollections

extension ModelValue {
    /// Converts an untyped Foundation object into a tree.
    ///
    /// Accepts what `JSONSerialization`, `PropertyListSerialization` and hand-written literals
    /// give: `[String: Any]` (and `NSDictionary`), `[Any]`, `String`, `NSNumber` and Swift
    /// numbers, `Bool`, `NSNull`, `Date`, `Data`, `URL` (as its absolute string), `UUID` (as its
    /// string), `Decimal`, and `ModelValue` itself. An `NSNumber` that is a boolean
    /// (`kCFBooleanTrue`/`False`, what `JSONSerialization` gives for `true`) becomes ``bool(_:)``;
    /// every other number stays a number, so 1 and `true` are kept apart.
    ///
    /// Dictionaries from Foundation have no order; their keys are sorted so that the tree is the
    /// same on every run.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` and the path of a value
    ///   that has no tree form (for example a dictionary with non-string keys, or a custom class).
    public init(foundation object: Any) throws(ModelError) {
        self = try ModelValue.convert(object, path: .root)
    }

    private static let booleanNumberType = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func convert(_ object: Any, path: ModelPath) throws(ModelError) -> ModelValue {
        // Class instances and Swift values take separate routes: casting a Swift dictionary or
        // array to a class type (`as? NSNumber`) bridges the whole container to Foundation
        // first, which made conversion quadratic in the depth of the tree.
        if type(of: object) is AnyObject.Type {
            return try convertObject(object as AnyObject, path: path)
        }
        switch object {
        case let value as ModelValue: return value
        case let value as String: return .string(value)
        case let value as [String: Any]:
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: value.count)
            for key in value.keys.sorted() {
                entries[key] = try convert(value[key]!, path: path.appending(.key(key)))
            }
            return .dictionary(entries)
        case let value as [Any]:
            var elements: [ModelValue] = []
            elements.reserveCapacity(value.count)
            for (index, element) in value.enumerated() {
                elements.append(try convert(element, path: path.appending(.index(index))))
            }
            return .array(elements)
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Double: return .double(value)
        case let value as Date: return .date(value)
        case let value as Data: return .data(value)
        case let value as URL: return .string(value.absoluteString)
        case let value as UUID: return .string(value.uuidString)
        case let value as Decimal: return .double(NSDecimalNumber(decimal: value).doubleValue)
        case let value as any OptionalValue:
            guard let unwrapped = value.wrappedAny else { return .null }
            return try convert(unwrapped, path: path)
        case let integer as any BinaryInteger:
            return Int64(exactly: integer).map(ModelValue.integer) ?? UInt64(exactly: integer).map(ModelValue.unsigned)
                ?? .double(Double(integer))
        case let float as any BinaryFloatingPoint:
            return .double(Double(float))
        default:
            throw unsupported(object, path: path)
        }
    }

    /// Converts an instance of a Foundation class: what `JSONSerialization` and
    /// `PropertyListSerialization` give on Apple platforms, and numbers everywhere.
    private static func convertObject(_ object: AnyObject, path: ModelPath) throws(ModelError) -> ModelValue {
        switch object {
        case let value as NSNumber: return number(value)
        case is NSNull: return .null
        case let value as NSString: return .string(value as String)
        case let value as NSDictionary:
            var entries = OrderedDictionary<String, ModelValue>(minimumCapacity: value.count)
            var keys: [String] = []
            keys.reserveCapacity(value.count)
            for key in value.allKeys {
                guard let key = key as? String else {
                    throw ModelError(.unsupported("a dictionary key that is not a string: \(key)"), path: path, format: "foundation")
                }
                keys.append(key)
            }
            for key in keys.sorted() {
                entries[key] = try convert(value.object(forKey: key)!, path: path.appending(.key(key)))
            }
            return .dictionary(entries)
        case let value as NSArray:
            var elements: [ModelValue] = []
            elements.reserveCapacity(value.count)
            for (index, element) in value.enumerated() {
                elements.append(try convert(element, path: path.appending(.index(index))))
            }
            return .array(elements)
        case let value as NSDate: return .date(value as Date)
        case let value as NSData: return .data(value as Data)
        case let value as NSURL: return .string((value as URL).absoluteString)
        default: throw unsupported(object, path: path)
        }
    }

    private static func unsupported(_ object: Any, path: ModelPath) -> ModelError {
        ModelError(.unsupported("no tree form for a value of type \(type(of: object))"), path: path, format: "foundation")
    }

    private static func number(_ number: NSNumber) -> ModelValue {
        if ObjectIdentifier(type(of: number)) == booleanNumberType { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .unsigned(number.uint64Value)
        default:
            return .integer(number.int64Value)
        }
    }

    /// The tree as Foundation objects: `[String: Any]`, `[Any]`, `String`, `NSNumber` (booleans
    /// as boolean numbers), `NSNull`, `Date` and `Data`, the shapes `JSONSerialization` and
    /// `PropertyListSerialization` use.
    public var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .integer(let value): NSNumber(value: value)
        case .unsignedInteger(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .string(let value): value
        case .data(let value): value
        case .date(let value): value
        case .array(let elements): elements.map(\.foundationValue)
        case .dictionary(let entries):
            Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.key, $0.value.foundationValue) })
        }
    }
}
