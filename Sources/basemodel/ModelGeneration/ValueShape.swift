import BaseModel

/// What one place of a sample held, over every value met there (every element of an array,
/// every object of a type): how many values of each kind, the range of the integers, the
/// strings (for dates and URLs), the shape of array elements and of dictionary values, and the
/// object types.
final class ValueShape {
    /// The values met here, `null` included; fewer than the objects that hold the place means
    /// the key was missing from some of them.
    var count = 0
    var nulls = 0
    var bools = 0
    var integers = 0
    var unsignedIntegers = 0
    var doubles = 0
    var strings = 0
    var dates = 0
    var datas = 0
    var arrays = 0
    /// Dictionaries read as objects: their types are ``objectTypes``.
    var objects = 0
    /// Dictionaries read as maps (keys that are data, such as ids): their values are
    /// ``mapValues``.
    var maps = 0
    /// An alias whose target could not be found, or that points at an enclosing object (a cycle).
    var unresolvedAliases = 0
    var smallest = Int64.max
    var largest = Int64.min
    /// The distinct strings met, up to ``sampleLimit``: what date and URL detection look at.
    var stringSamples: [String] = []
    private var sampled: Set<String> = []
    /// The shape of every element of every array met here.
    var elements: ValueShape?
    /// The shape of every value of every map met here.
    var mapValues: ValueShape?
    /// The keys (see ``ShapeCollector``) of the object types met here, in order of first meeting.
    var objectTypes: [String] = []

    static let sampleLimit = 1_000

    /// Counts a scalar value (containers are walked by ``ShapeCollector``).
    func addScalar(_ value: ModelValue) {
        switch value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .integer(let number):
            integers += 1
            smallest = min(smallest, number)
            largest = max(largest, number)
        case .unsignedInteger: unsignedIntegers += 1
        case .double: doubles += 1
        case .string(let text):
            strings += 1
            if stringSamples.count < Self.sampleLimit, sampled.insert(text).inserted { stringSamples.append(text) }
        case .date: dates += 1
        case .data: datas += 1
        case .array, .dictionary: break
        }
    }

    /// Notes that an object of the type keyed `key` was met here.
    func addObject(ofType key: String) {
        objects += 1
        if !objectTypes.contains(key) { objectTypes.append(key) }
    }

    /// Whether every value met here was `null` (or none was met).
    var isOnlyNull: Bool { count == nulls }

    /// The kinds met here other than `null`, numbers counted as one kind.
    var kindCount: Int {
        let numbers = integers + unsignedIntegers + doubles > 0 ? 1 : 0
        return numbers + [bools, strings, dates, datas, arrays, objects, maps, unresolvedAliases].filter { $0 > 0 }.count
    }
}
