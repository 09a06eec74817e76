import Foundation

/// How the property-list writers spell a recorded document: as a plain property list (the `xml`
/// and `binary` formats), or with HRCoder's spellings of what property lists have no form for
/// (the `hr-xml` and `hr-binary` formats).
struct PropertyListSpelling {
    /// A value spelled as a Foundation object: a dictionary of `$class` and scalar fields
    /// (strings, data, doubles or dates).
    typealias SpelledObject = (className: String, fields: [(key: String, value: ModelValue)])

    /// The format errors name.
    let format: String
    /// The object a value is spelled as (HR: null as `{"$class": "NSNull"}` …), or `nil` when
    /// it is written as itself; without it, a null is an error.
    let objects: ((RecordedDocument.Item, RecordedDocument) -> SpelledObject?)?
    /// Whether an alias to a container written before is a reference to the same object (the
    /// plain binary form, which stores each object once); otherwise, and for a container that
    /// holds itself, an alias is the dictionary `{"$alias": path}`.
    let sharesObjects: Bool

    /// A plain property list of `format`: a null is an error.
    static func plain(_ format: ModelFormat, sharesObjects: Bool) -> PropertyListSpelling {
        PropertyListSpelling(format: format.rawValue, objects: nil, sharesObjects: sharesObjects)
    }

    /// The object `item` is spelled as, or `nil` when it is written as itself.
    func object(for item: RecordedDocument.Item, in document: RecordedDocument) -> SpelledObject? {
        objects?(item, document)
    }

    /// The error for a null at `steps`, which a plain property list cannot hold.
    func noNull(at steps: [ModelPath.Component]) -> ModelError {
        ModelError(.unsupported("property lists have no null"), path: ModelPath(steps), format: format)
    }
}
