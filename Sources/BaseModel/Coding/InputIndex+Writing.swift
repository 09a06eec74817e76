import Foundation

extension InputIndex {
    /// Writes the graph to `writer`, one call per value in document order, as a model's encoder
    /// would: what converting a file to another format, or writing it back, does.
    ///
    /// Every container or object met again (shared, or the target of a cycle) is written
    /// once, bracketed by ``ModelWriter/beginShared(_:)`` and ``ModelWriter/endShared(_:)``, and
    /// is ``ModelWriter/writeAlias(to:)`` at every later place; a writer whose format stores
    /// references keeps the sharing, and one that does not writes the alias as its format can
    /// (`{"$alias": "0.buddy"}` in JSON). A value's form beyond its kind goes first
    /// (``ModelWriter/setStyle(_:_:)``), and an object's nil values are written where the writer
    /// keeps them.
    ///
    /// With `copyingShared`, a node met again is written again in full, as a tree holds it (a
    /// cycle then runs into the depth limit).
    ///
    /// - Throws: ``ModelError`` past ``DecodingLimits/maximumDepth``.
    func write(to writer: any ModelWriter, copyingShared: Bool = false) throws(ModelError) {
        var replay = GraphReplay(index: self, writer: writer, copyingShared: copyingShared)
        try replay.write(root)
    }
}

/// One ``InputIndex/write(to:)``.
private struct GraphReplay {
    let index: InputIndex
    let writer: any ModelWriter
    let shared: [Bool]?
    /// Whether data, dates and mutable strings met again are aliased (``ModelWriter/sharesValues``).
    let sharesValues: Bool
    /// The first occurrence of each shared node met so far.
    var objects: [Int32: SharedObject] = [:]
    /// The steps from the root to the value being written; a path is made of them only for a
    /// shared node.
    var steps: [ModelPath.Component] = []
    let maximumDepth = DecodingLimits.current.maximumDepth

    init(index: InputIndex, writer: any ModelWriter, copyingShared: Bool) {
        self.index = index
        self.writer = writer
        shared = copyingShared ? nil : index.sharedNodes
        sharesValues = writer.sharesValues
    }

    mutating func write(_ node: Int32) throws(ModelError) {
        let value = index[node]
        // Scalars are values: a date or data met again is written again, unless the writer
        // keeps their identity. A property list's UID (a dictionary of its own variant) is a
        // value too, however often a reader met it.
        let isShared = (shared?[Int(node)] ?? false)
            && (value.kind.isContainer && value.variant != .uid || sharesValues && Self.hasIdentity(value))
        var object: SharedObject?
        if isShared {
            if let first = objects[node] { return writer.writeAlias(to: first) }
            let first = SharedObject(position: ModelPath(steps))
            objects[node] = first
            writer.beginShared(first)
            object = first
        }
        if !value.flags.isEmpty || value.variant != .plain { writer.setStyle(value.flags, value.variant) }
        switch value.kind {
        case .null: writer.writeNull()
        case .bool: writer.writeBool(value.payload != 0)
        case .integer: writer.writeInteger(value.integer)
        case .unsignedInteger: writer.writeUnsigned(value.payload)
        case .double: writer.writeDouble(value.double)
        case .string: writer.writeString(index.strings[value.index])
        case .data: writer.writeData(index.data[value.index])
        case .date: writer.writeDate(Date(timeIntervalSinceReferenceDate: value.double))
        case .array:
            try checkDepth()
            writer.beginArray(count: Int(value.count))
            for (position, child) in index.childRange(of: value).enumerated() {
                steps.append(.index(position))
                try write(index.child(child))
                steps.removeLast()
            }
            writer.endArray()
        case .dictionary:
            try checkDepth()
            writer.beginDictionary(count: Int(value.count))
            for position in 0..<Int(value.count) {
                let (key, child) = index.entry(of: node, at: position)
                writer.writeKey(key)
                steps.append(.key(key))
                try write(child)
                steps.removeLast()
            }
            writer.endDictionary()
        case .object:
            try checkDepth()
            let info = index.classes[value.index]
            writer.beginObject(className: info.name)
            for (key, position) in zip(info.keys, index.childRange(of: value)) {
                let child = index.child(position)
                if child == InputIndex.absent {
                    if writer.keepsAbsentValues {
                        writer.writeKey(key)
                        writer.writeAbsent()
                    }
                    continue
                }
                writer.writeKey(key)
                steps.append(.key(key))
                try write(child)
                steps.removeLast()
            }
            writer.endDictionary()
        }
        if let object { writer.endShared(object) }
    }

    /// Whether a scalar node is an object of its own in the formats that keep identity: data, a
    /// date, a mutable string.
    private static func hasIdentity(_ node: InputIndex.Node) -> Bool {
        switch node.kind {
        case .data, .date: true
        case .string: node.flags.contains(.mutable)
        default: false
        }
    }

    private func checkDepth() throws(ModelError) {
        guard steps.count < maximumDepth else {
            throw ModelError(DecodingLimits.depthExceeded(maximumDepth), path: ModelPath(steps))
        }
    }
}
