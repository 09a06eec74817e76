import Foundation

/// One call of the one encoder, as ``FastModelWriter`` records it until the value is done:
/// sixteen bytes and no reference to count. Strings, data, trees, class names and shared
/// instances sit in the ``FastTape``'s tables and are named by their index there.
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
    /// Seconds since 2001-01-01.
    case date(Double)
    /// A string of the tape's texts.
    case string(Int)
    case data(Int)
    /// A tree, written as the fast codec's `encodeTree` writes it (`$class`, `$alias`).
    case tree(Int)
    /// A key of the tape's keys.
    case key(Int)
    case beginArray(length: Int)
    case beginDictionary(length: Int)
    /// A dictionary with a `$class` or `$alias` key, which the fast codec reads as an object or
    /// an alias, as it does in a typed tree.
    case beginReservedDictionary(length: Int)
    case beginObject(className: Int32, length: Int32)
    /// The first occurrence of a shared instance: the one value that follows.
    case beginShared(object: Int32, length: Int32)
    case alias(object: Int)
    /// An object's nil value, after its key (a graph written back, ``ModelWriter/writeAbsent()``).
    case absent
    case end

    /// The number of events of the value that starts with this event.
    @inline(__always)
    var extent: Int {
        switch self {
        case .beginArray(let length), .beginDictionary(let length), .beginReservedDictionary(let length): length + 1
        case .beginObject(_, let length), .beginShared(_, let length): Int(length) + 1
        default: 1
        }
    }

    /// This begin event with its length set.
    @inline(__always)
    func closed(length: Int) -> FastTapeEvent {
        switch self {
        case .beginArray: .beginArray(length: length)
        case .beginDictionary: .beginDictionary(length: length)
        case .beginReservedDictionary: .beginReservedDictionary(length: length)
        case .beginObject(let className, _): .beginObject(className: className, length: Int32(clamping: length))
        case .beginShared(let object, _): .beginShared(object: object, length: Int32(clamping: length))
        default: self
        }
    }

    /// Whether the value is an array or dictionary in the tree (objects and aliases are
    /// dictionaries).
    var isContainer: Bool {
        switch self {
        case .beginArray, .beginDictionary, .beginReservedDictionary, .beginObject, .alias: true
        default: false
        }
    }
}

/// What a ``FastModelWriter`` recorded: the events and the tables they name.
struct FastTape {
    let events: FastTapeEvents
    /// Strings, taken back ones included: as many as the string cache can hold at most.
    var texts: [String] = []
    /// Keys, each once: an object's keys are compared as their indices here.
    var keys: [String] = []
    /// The index of each key in ``keys``, by its exact bytes.
    var keyIndices: [FastStringKey: Int] = [:]
    var blobs: [Data] = []
    var trees: [ModelValue] = []
    var classNames: [String] = []
    var shared: [SharedObject] = []
    /// The file's forms of values of a graph written back (``ModelWriter/setStyle(_:_:)``), by
    /// the index of the value's first event.
    var styles: [Int: (flags: GraphFlags, variant: GraphVariant)] = [:]
}

/// Events taken back from a ``FastModelWriter`` (``ModelWriter/takeBack(since:)``): one value. Its
/// indices name the writer's tables, which only grow.
final class FastTapeRecording: WriterRecording {
    /// A copy: the tape is cut back, and written over after.
    let events: [FastTapeEvent]

    init(_ events: [FastTapeEvent]) {
        self.events = events
    }
}
