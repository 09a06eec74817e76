/// What a file said of a value beyond its kind, kept on its node in an ``InputIndex`` so that a
/// writer of the same format writes the value back as it was read: a FastCoding file's mutable
/// array stays a mutable array (tag 25, not 10), its 4-byte float a 4-byte float.
///
/// Readers and the model decoder never look at them; formats that have no such distinction
/// neither set nor write them.
package struct GraphFlags: OptionSet, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A mutable string, data, array, set, ordered set or dictionary (`NSMutableArray` …).
    static let mutable = GraphFlags(rawValue: 1 << 0)
    /// A number stored in 4 bytes (`float`), read as a double.
    static let float32 = GraphFlags(rawValue: 1 << 1)
}
