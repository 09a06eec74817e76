import Foundation
import OrderedCollections

extension PropertyListObject {
    /// The property list a graph read from a property list holds: a dictionary of variant
    /// ``GraphVariant/uid`` is a UID again, and a container the graph shares is copied at each
    /// place it is met.
    ///
    /// The copies are counted: more values than ``DecodingLimits/values(forInputOf:)`` allows for
    /// `byteCount` bytes, or more bytes of strings and data than
    /// ``DecodingLimits/stringBytes(forInputOf:)``, is an error, so a few hundred bytes cannot
    /// unfold into billions of values.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` with `format` past those limits.
    init(graph: InputIndex, byteCount: Int, format: String) throws(ModelError) {
        var expansion = Expansion(
            graph: graph, format: format, maximumValues: DecodingLimits.current.values(forInputOf: byteCount),
            maximumBytes: DecodingLimits.current.stringBytes(forInputOf: byteCount))
        self = try expansion.object(graph.root)
    }

    /// One walk of ``init(graph:byteCount:format:)``.
    private struct Expansion {
        let graph: InputIndex
        let format: String
        let maximumValues: Int
        let maximumBytes: Int
        var values = 0
        var bytes = 0

        init(graph: InputIndex, format: String, maximumValues: Int, maximumBytes: Int) {
            self.graph = graph
            self.format = format
            self.maximumValues = maximumValues
            self.maximumBytes = maximumBytes
        }

        mutating func object(_ node: Int32) throws(ModelError) -> PropertyListObject {
            values += 1
            guard values <= maximumValues else { throw ModelError(DecodingLimits.valuesExceeded(maximumValues), format: format) }
            let value = graph[node]
            switch value.kind {
            case .null, .object:
                // The property-list readers make neither.
                throw ModelError(.unsupported("a property list has no \(value.kind)"), format: format)
            case .bool: return .bool(value.payload != 0)
            case .integer: return .integer(value.integer)
            case .unsignedInteger: return .unsignedInteger(value.payload)
            case .double: return .real(value.double)
            case .date: return .date(Date(timeIntervalSinceReferenceDate: value.double))
            case .string:
                let text = graph.strings[value.index]
                try count(text.utf8.count)
                return .string(text)
            case .data:
                let bytes = graph.data[value.index]
                try count(bytes.count)
                return .data(bytes)
            case .array:
                var elements: [PropertyListObject] = []
                elements.reserveCapacity(Int(value.count))
                for position in graph.childRange(of: value) { elements.append(try object(graph.child(position))) }
                return .array(elements)
            case .dictionary:
                if value.variant == .uid, value.count == 1 {
                    let number = graph[graph.entry(of: node, at: 0).value]
                    if number.kind == .integer || number.kind == .unsignedInteger { return .uid(number.payload) }
                }
                var entries = OrderedDictionary<String, PropertyListObject>(minimumCapacity: Int(value.count))
                for position in 0..<Int(value.count) {
                    let (key, child) = graph.entry(of: node, at: position)
                    try count(key.utf8.count)
                    entries[key] = try object(child)
                }
                return .dictionary(entries)
            }
        }

        private mutating func count(_ added: Int) throws(ModelError) {
            bytes += added
            guard bytes <= maximumBytes else { throw ModelError(DecodingLimits.stringBytesExceeded(maximumBytes), format: format) }
        }
    }
}
