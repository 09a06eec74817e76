import Foundation
import OrderedCollections

/// One value of an object graph: what a format's reader makes of its bytes and its writer takes
/// back (``FormatCodec/decodeGraph(from:)``, ``FormatCodec/encodeGraph(_:)``).
///
/// A graph is an array of nodes, **the first one the root**. Containers name their children by
/// their number in that array, so a graph says what a tree cannot:
///
/// - a number named by two containers is one shared value (an object met twice is the same
///   object; FastCoding and keyed archives write it once and refer to it);
/// - a container named among its own descendants is a cycle (an array that holds itself);
/// - a ``float(_:)`` is a number stored in 4 bytes, apart from a ``double(_:)``;
/// - an ``object(className:properties:)`` is a typed object, with a property whose value is nil
///   (`nil`) apart from one the class does not have.
///
/// ```swift
/// // ["a", ["a"]] where both "a" are one string, and the inner array holds the outer one too
/// let graph: [ModelNode] = [.array([1, 2]), .string("a"), .array([1, 0])]
/// ```
///
/// The library checks a graph it is given (every number names a node, the depth and size are
/// within the ``DecodingLimits``) and reports a bad one as a ``ModelError``. Built-in formats also
/// keep forms this enum does not name (mutable containers, sets, URLs, legacy dates …) among
/// themselves, when a file is converted from one to another; a format of your own gets them as
/// their plain kind.
public enum ModelNode: Sendable, Hashable {
    /// `null`, `NSNull`.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A number with a fraction, stored in 8 bytes.
    case double(Double)
    /// A number with a fraction, stored in 4 bytes (FastCoding's `float`, a keyed archive's `NSNumber` of a float).
    case float(Float)
    /// A string.
    case string(String)
    /// Bytes.
    case data(Data)
    /// A date.
    case date(Date)
    /// An array: the numbers of its elements, in order.
    case array([Int])
    /// A dictionary: its keys in order, each with the number of its value.
    case dictionary(OrderedDictionary<String, Int>)
    /// A typed object: its class name and its properties in order, each with the number of its
    /// value, or `nil` for a property the object holds no value for.
    case object(className: String, properties: OrderedDictionary<String, Int?>)
}
