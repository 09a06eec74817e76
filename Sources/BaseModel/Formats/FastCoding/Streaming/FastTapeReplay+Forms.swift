import Foundation
import OrderedCollections

/// Values with a form of their own (a graph read from a fast file and written back, see
/// ``FastModelWriter/setStyle(_:_:)``): each is written with the chunk it was read from, and
/// cached when FastCoding caches it, so that the file comes back byte for byte. A form whose
/// value does not fit it (a geometry dictionary without its keys) is written as its kind.
extension FastTapeReplay {
    /// Writes the value at event `index` (up to `next`) in `style`; `key` is its key path when
    /// paths are tracked, `shared` the instance whose first occurrence it is.
    mutating func styled(
        _ event: FastTapeEvent, _ style: (flags: GraphFlags, variant: GraphVariant), at index: Int, next: Int, key: String?,
        shared: SharedObject?
    ) throws(ModelError) {
        let mutable = style.flags.contains(.mutable)
        var cached: Int?
        switch (event, style.variant) {
        case (_, .keyedArchive):
            cached = try keyedArchive(at: index)
        case (.string(let text), .url):
            let value = tape.texts[text]
            try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeURL(FastURL(relative: value)) }
        case (.string(let text), _) where mutable:
            let value = tape.texts[text]
            cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeMutableString(value) }
        case (.double(let number), .decimal):
            if let decimal = FastDecimal(number) { writer.writeDecimal(decimal) } else { writer.writeDouble(number) }
        case (.integer(let number), .decimal): writer.writeDecimal(FastDecimal(number))
        case (.unsigned(let number), .decimal): writer.writeDecimal(FastDecimal(number))
        case (.double(let number), _) where style.flags.contains(.float32):
            let float = Float(number)
            if Double(float).bitPattern == number.bitPattern || number.isNaN { writer.writeFloat(float) } else { writer.writeDouble(number) }
        case (.data(let blob), _):
            let bytes = tape.blobs[blob]
            cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeData(bytes, mutable: mutable) }
        case (.date(let seconds), .legacyDate):
            cached = writer.writeLegacyDate(since1970: Date(timeIntervalSinceReferenceDate: seconds).timeIntervalSince1970)
        case (.beginArray, .indexSet):
            if let ranges = indexRanges(from: index, to: next - 1) {
                cached = try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeIndexSet(ranges, mutable: mutable) }
            } else {
                cached = try collection(.array, mutable: mutable, from: index, to: next - 1, key: key, shared: shared)
            }
        case (.beginArray, _):
            let kind: FastWriter.CollectionKind = switch style.variant {
            case .set: .set
            case .orderedSet: .orderedSet
            default: .array
            }
            cached = try collection(kind, mutable: mutable, from: index, to: next - 1, key: key, shared: shared)
        case (.beginDictionary, .geometry):
            if let geometry = geometry(from: index, to: next - 1) {
                // Not cached: FastCoding's reader never caches geometry values.
                try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeGeometry(geometry) }
            } else {
                cached = try collection(.dictionary, mutable: mutable, from: index, to: next - 1, key: key, shared: shared)
            }
        case (.beginDictionary, _):
            cached = try collection(.dictionary, mutable: mutable, from: index, to: next - 1, key: key, shared: shared)
        case (.beginObject(let className, _), .codedObject):
            cached = try codedObject(Int(className), from: index, to: next - 1)
        default:
            return try structured(event, at: index, next: next, key: key, shared: shared)
        }
        if let cached {
            shared?.writtenIndex = cached
            remember(key, cached)
        }
    }

    /// Writes an NSCoded object of the tape's class `classReference`: its class name, each value
    /// then its key (a nil value is left out, as `encodeObject:forKey:` leaves it out), a nil.
    /// Returns its cache index (it is cached after its values).
    private mutating func codedObject(_ classReference: Int, from start: Int, to end: Int) throws(ModelError) -> Int {
        try enter()
        defer { depth -= 1 }
        writer.beginCodedObject()
        try writeString(tape.classNames[classReference])
        if tracksPaths { trail.append(start) }
        var position = start + 1
        while position < end, case .key(let key) = events[position] {
            let extent = events[position + 1].extent
            if case .absent = events[position + 1] {
                position += 2
                continue
            }
            try objectValue(at: position)
            try writeString(tape.keys[key])
            position += 1 + extent
        }
        if tracksPaths { trail.removeLast() }
        return writer.endCodedObject()
    }

    /// The geometry value the dictionary between `start` and `end` holds (``FastGeometry/init(keys:values:)``).
    private func geometry(from start: Int, to end: Int) -> FastGeometry? {
        var keys: [String] = []
        var values: [Double] = []
        var position = start + 1
        while position + 1 < end, case .key(let key) = events[position] {
            switch events[position + 1] {
            case .double(let number): values.append(number)
            case .integer(let number): values.append(Double(number))
            default: return nil
            }
            keys.append(tape.keys[key])
            position += 2
        }
        guard position == end else { return nil }
        return FastGeometry(keys: keys, values: values)
    }

    /// The runs of the index set between `start` and `end`: an array of `{"location", "length"}`
    /// dictionaries.
    private func indexRanges(from start: Int, to end: Int) -> [FastIndexRange]? {
        var ranges: [FastIndexRange] = []
        var position = start + 1
        while position < end {
            let extent = events[position].extent
            guard case .beginDictionary = events[position], case .range(let location, let length)? = geometry(from: position, to: position + extent - 1)
            else { return nil }
            ranges.append(FastIndexRange(location: location, length: length))
            position += extent
        }
        return ranges
    }

    /// Writes the value at event `index` as an embedded keyed archive; returns the object's
    /// cache index.
    private mutating func keyedArchive(at index: Int) throws(ModelError) -> Int {
        var places: [ObjectIdentifier: String] = [:]
        var steps: [ModelPath.Component] = []
        let tree = try archiveTree(from: index, steps: &steps, places: &places)
        let archive: Data
        do {
            archive = try KeyedArchiveCodec().encodeTree(tree)
        } catch {
            var wrapped = error
            wrapped.format = .fast
            throw wrapped
        }
        return try located { (writer: inout FastWriter) throws(ModelError) in try writer.writeKeyedArchive(archive) }
    }

    /// The events of the value at `start` as the typed tree of a keyed archive of its own: its
    /// shared instances aliased by their key paths inside it (`places`, from `steps`).
    private func archiveTree(
        from start: Int, steps: inout [ModelPath.Component], places: inout [ObjectIdentifier: String]
    ) throws(ModelError) -> ModelValue {
        switch events[start] {
        case .beginShared(let object, _):
            places[ObjectIdentifier(tape.shared[Int(object)])] = TypedTree.keyPath(for: ModelPath(steps))
            return try archiveTree(from: start + 1, steps: &steps, places: &places)
        case .alias(let object):
            guard let place = places[ObjectIdentifier(tape.shared[object])] else {
                throw failure(.unsupported("a value archived in a keyed-archive chunk that aliases a value outside the archive"))
            }
            return [TypedTree.aliasKey: .string(place)]
        case .beginArray(let length):
            var elements: [ModelValue] = []
            var position = start + 1
            while position < start + length {
                steps.append(.index(elements.count))
                elements.append(try archiveTree(from: position, steps: &steps, places: &places))
                steps.removeLast()
                position += events[position].extent
            }
            return .array(elements)
        case .beginDictionary, .beginObject:
            var entries = OrderedDictionary<String, ModelValue>()
            if case .beginObject(let className, _) = events[start] { entries[TypedTree.classKey] = .string(tape.classNames[Int(className)]) }
            let end = start + events[start].extent - 1
            var position = start + 1
            while position < end, case .key(let key) = events[position] {
                if case .absent = events[position + 1] {
                    position += 2
                    continue
                }
                steps.append(.key(tape.keys[key]))
                entries[tape.keys[key]] = try archiveTree(from: position + 1, steps: &steps, places: &places)
                steps.removeLast()
                position += 1 + events[position + 1].extent
            }
            return .dictionary(entries)
        default:
            var ignored: [SharedObject] = []
            return tree(ofEventsFrom: start, sharedInside: &ignored)
        }
    }
}
