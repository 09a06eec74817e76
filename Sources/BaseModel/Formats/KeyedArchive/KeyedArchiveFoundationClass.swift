/// The Foundation classes a keyed archive holds plain values in, read as the graph's own kinds
/// and written back under the same names.
///
/// | class | keys | node |
/// |---|---|---|
/// | NSString, NSMutableString | `NS.string` (or UTF-8 `NS.bytes`) | string (`.mutable`) |
/// | NSArray, NSMutableArray | `NS.objects` | array (`.mutable`) |
/// | NSSet, NSMutableSet | `NS.objects` | array, variant `.set` (`.mutable`) |
/// | NSOrderedSet, NSMutableOrderedSet | `NS.object.0`, `NS.object.1` … (or `NS.objects`) | array, variant `.orderedSet` (`.mutable`) |
/// | NSDictionary, NSMutableDictionary | `NS.keys`, `NS.objects` | dictionary (`.mutable`); number keys become their decimal text |
/// | NSDate | `NS.time` (seconds since 2001) | date |
/// | NSData, NSMutableData | `NS.data` | data (`.mutable`) |
/// | NSURL | `NS.base`, `NS.relative` | the absolute URL string, variant `.url` |
/// | NSUUID | `NS.uuidbytes` | the uppercase UUID string |
/// | NSNull | — | null |
///
/// Every other class (NSValue, NSCountedSet, NSIndexSet, the app's own) is an object of its
/// class, with its keys.
enum KeyedArchiveFoundationClass {
    case string, null, date, data, uuid, url, dictionary, array

    /// The role of objects of class `name`, with what the class says beyond the kind; `nil`
    /// for a class of objects.
    static func role(of name: String) -> (role: KeyedArchiveFoundationClass, flags: GraphFlags, variant: GraphVariant)? {
        switch name {
        case "NSString": (.string, [], .plain)
        case "NSMutableString": (.string, .mutable, .plain)
        case "NSNull": (.null, [], .plain)
        case "NSDate": (.date, [], .plain)
        case "NSData": (.data, [], .plain)
        case "NSMutableData": (.data, .mutable, .plain)
        case "NSUUID": (.uuid, [], .plain)
        case "NSURL": (.url, [], .url)
        case "NSDictionary": (.dictionary, [], .plain)
        case "NSMutableDictionary": (.dictionary, .mutable, .plain)
        case "NSArray": (.array, [], .plain)
        case "NSMutableArray": (.array, .mutable, .plain)
        case "NSSet": (.array, [], .set)
        case "NSMutableSet": (.array, .mutable, .set)
        case "NSOrderedSet": (.array, [], .orderedSet)
        case "NSMutableOrderedSet": (.array, .mutable, .orderedSet)
        default: nil
        }
    }

    /// Whether objects of class `name` are read as plain values: an object of one of these
    /// names cannot be written (it would not read back as an object).
    static func isValueClass(_ name: String) -> Bool { role(of: name) != nil }

    /// The class an array of this form is archived as.
    static func arrayClass(_ flags: GraphFlags, _ variant: GraphVariant) -> String {
        let mutable = flags.contains(.mutable)
        switch variant {
        case .set: return mutable ? "NSMutableSet" : "NSSet"
        case .orderedSet: return mutable ? "NSMutableOrderedSet" : "NSOrderedSet"
        default: return mutable ? "NSMutableArray" : "NSArray"
        }
    }

    /// The superclass a class description lists after `name` in `$classes`, before `NSObject`
    /// (`NSMutableArray`: `NSArray`), as Foundation's archivers write them; `nil` for a class
    /// whose list is `[name, NSObject]`.
    static func superclass(of name: String) -> String? {
        switch name {
        case "NSMutableArray": "NSArray"
        case "NSMutableDictionary": "NSDictionary"
        case "NSMutableSet": "NSSet"
        case "NSMutableOrderedSet": "NSOrderedSet"
        case "NSMutableString": "NSString"
        case "NSMutableData": "NSData"
        default: nil
        }
    }
}
