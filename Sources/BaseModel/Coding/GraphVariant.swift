/// The form a file gave a value where its format has several for one kind of node, kept so
/// that a writer of the same format writes it back in that form (see ``InputIndex/Node``).
///
/// A reader decodes every variant as its kind: a set is an array, an NSCoded object an object
/// of its class, a point a dictionary `{"x", "y"}`, a decimal number a number.
package enum GraphVariant: UInt8, Hashable {
    /// The kind's own form.
    case plain
    /// An array that was a set (`NSSet`).
    case set
    /// An array that was an ordered set (`NSOrderedSet`).
    case orderedSet
    /// An object written through `NSCoding` (FastCoding's NSCoded object, tag 43), not through
    /// a class definition.
    case codedObject
    /// A string that was a URL (FastCoding's URL chunk, tag 33, without a base).
    case url
    /// A date in FastCoding 3.2's legacy form (seconds since 1970, tag 22).
    case legacyDate
    /// A dictionary that was a geometry value (FastCoding's point, size, rect, range, vector or
    /// transform, tags 34–40): `{"x", "y"}`, `{"width", "height"}`, `{"x", "y", "width",
    /// "height"}`, `{"location", "length"}`, `{"dx", "dy"}`, `{"a" … "ty"}` or `{"m11" … "m44"}`.
    case geometry
    /// A number that was a decimal number (FastCoding's `NSDecimalNumber`, tag 44).
    case decimal
    /// An array of `{"location", "length"}` runs that was an index set (FastCoding's tags 41
    /// and 42).
    case indexSet
    /// A value that a FastCoding file stored as an embedded keyed archive (tag 47).
    case keyedArchive
    /// A dictionary `{"CF$UID": n}` that was a property list's UID (a keyed archive's reference:
    /// binary marker `0x8_`, or that dictionary in XML, which CoreFoundation reads as a UID).
    case uid
}
