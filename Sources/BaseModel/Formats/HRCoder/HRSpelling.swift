import Foundation

/// How the HR writers spell the values their file format has no form for, as HRCoder 1.3.3
/// wrote them (HRCoder encodes every object that is not a plain string, number, array or
/// dictionary, or in property lists data or a date, as `$class` plus its coded fields):
///
/// | value | HR JSON | HR property list |
/// |---|---|---|
/// | null | `null` | `{"$class": "NSNull"}` |
/// | a date | `{"$class": "NSDate", "NS.time": <seconds since 2001>}` | `<date>` |
/// | data | `{"$class": "NSData", "$data": "<base64>"}` | `<data>` |
/// | mutable data (``GraphFlags/mutable``) | `{"$class": "NSMutableData", "$data": "<base64>"}` | `{"$class": "NSMutableData", "NS.data": <data>}` |
/// | a mutable string | `{"$class": "NSMutableString", "NS.string": text}` | the same |
/// | a URL (``GraphVariant/url``) | `{"$class": "NSURL", "NS.relative": text}` | the same |
///
/// ``HRGraphReader`` reads each back as the value it was.
enum HRSpelling {
    /// The object `item` is spelled as in an HR property list, or `nil` when it is written as itself.
    static func propertyList(_ item: RecordedDocument.Item, in document: RecordedDocument) -> PropertyListSpelling.SpelledObject? {
        switch item.kind {
        case .null: ("NSNull", [])
        case .data where item.flags.contains(.mutable): ("NSMutableData", [("NS.data", .data(document.data[item.index]))])
        case .string: string(item, in: document)
        default: nil
        }
    }

    /// The object `item` is spelled as in HR JSON, or `nil` when it is written as itself.
    static func json(_ item: RecordedDocument.Item, in document: RecordedDocument) -> PropertyListSpelling.SpelledObject? {
        switch item.kind {
        case .date: ("NSDate", [("NS.time", .double(item.double))])
        case .data:
            (item.flags.contains(.mutable) ? "NSMutableData" : "NSData",
             [(DocumentRecorder.dataKey, .string(document.data[item.index].base64EncodedString()))])
        case .string: string(item, in: document)
        default: nil
        }
    }

    /// A mutable string or a URL as the object HRCoder wrote; `nil` for a plain string.
    private static func string(_ item: RecordedDocument.Item, in document: RecordedDocument) -> PropertyListSpelling.SpelledObject? {
        let text = document.strings[item.index]
        if item.variant == .url { return ("NSURL", [("NS.relative", .string(text))]) }
        if item.flags.contains(.mutable) { return ("NSMutableString", [("NS.string", .string(text))]) }
        return nil
    }

    /// The spelling of HR property lists, whose errors name `format`.
    static func propertyLists(_ format: ModelFormat) -> PropertyListSpelling {
        PropertyListSpelling(format: format.rawValue, objects: { propertyList($0, in: $1) }, sharesObjects: false)
    }
}
