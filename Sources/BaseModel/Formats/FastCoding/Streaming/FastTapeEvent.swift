import Foundation

/// One call of the one encoder, as ``FastModelWriter`` records it until the value is done.
///
/// A container's begin event holds the number of events up to its matching ``end`` (so a value
/// is skipped in one step, and a slice of events can move without fixing indices); a dictionary
/// or object holds a ``key(_:)`` before each value.
enum FastTapeEvent {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    /// A tree, written as the fast codec's `encodeTree` writes it (`$class`, `$alias`).
    indirect case tree(ModelValue)
    case beginArray(length: Int)
    case beginDictionary(length: Int)
    /// A dictionary with a `$class` or `$alias` key, which the fast codec reads as an object or
    /// an alias, as it does in a typed tree.
    case beginReservedDictionary(length: Int)
    case beginObject(className: String, length: Int)
    case key(String)
    case end
    /// The first occurrence of a shared instance: the one value that follows.
    case beginShared(SharedObject, length: Int)
    case alias(SharedObject)

    /// The number of events of the value that starts with this event.
    var extent: Int {
        switch self {
        case .beginArray(let length), .beginDictionary(let length), .beginReservedDictionary(let length),
            .beginObject(_, let length), .beginShared(_, let length):
            length + 1
        default:
            1
        }
    }

    /// This begin event with its length set.
    func closed(length: Int) -> FastTapeEvent {
        switch self {
        case .beginArray: .beginArray(length: length)
        case .beginDictionary: .beginDictionary(length: length)
        case .beginReservedDictionary: .beginReservedDictionary(length: length)
        case .beginObject(let className, _): .beginObject(className: className, length: length)
        case .beginShared(let object, _): .beginShared(object, length: length)
        default: self
        }
    }
}

/// Events taken back from a ``FastModelWriter`` (``ModelWriter/takeBack(since:)``): one value.
final class FastTapeRecording: WriterRecording {
    let events: ArraySlice<FastTapeEvent>

    init(_ events: ArraySlice<FastTapeEvent>) {
        self.events = events
    }
}
