/// The form a file gave a value where its format has several for one kind of node, kept so
/// that a writer of the same format writes it back in that form (see ``InputIndex/Node``).
///
/// A reader decodes every variant as its kind: a set is an array, an NSCoded object an object
/// of its class, a point a dictionary `{"x", "y"}`.
enum GraphVariant: UInt8, Hashable {
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
    /// A dictionary `{"CF$UID": n}` that was a property list's UID (a keyed archive's reference:
    /// binary marker `0x8_`, or that dictionary in XML, which CoreFoundation reads as a UID).
    case uid
}
