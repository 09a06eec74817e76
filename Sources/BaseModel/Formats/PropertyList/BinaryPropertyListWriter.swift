import Foundation

/// Writes a recorded document (``DocumentRecorder``) as a binary property list (`bplist00`),
/// through ``BinaryPropertyListBuilder``.
///
/// The root is object 0; containers are numbered before their contents, a dictionary's keys
/// before its values, as CoreFoundation writes them. Equal strings, numbers, dates, data and UIDs
/// are stored once. An object is a dictionary whose first key is `$class`; a dictionary
/// `{"CF$UID": n}` of variant ``GraphVariant/uid`` is a UID again. A shared container met again
/// is, where the spelling ``PropertyListSpelling/sharesObjects``, a reference to the same object
/// (a container that holds itself cannot be: no reader accepts a cycle); otherwise it is
/// `{"$alias": path}`.
struct BinaryPropertyListWriter {
    private let document: RecordedDocument
    private let spelling: PropertyListSpelling
    private var builder: BinaryPropertyListBuilder
    /// Per item: its object once written, ``unwritten`` before, ``open`` while its contents are.
    private var objects: [Int32]
    private var steps: [ModelPath.Component] = []

    private static let unwritten: Int32 = -1
    private static let open: Int32 = -2

    /// The binary property list of `document`.
    ///
    /// - Throws: ``ModelError/Reason/unsupported(_:)`` with the spelling's format and the path
    ///   for a null the spelling has no form for (plain property lists have no null).
    static func data(of document: RecordedDocument, spelling: PropertyListSpelling) throws(ModelError) -> Data {
        var writer = BinaryPropertyListWriter(document: document, spelling: spelling)
        if let root = document.root { _ = try writer.add(root) }
        return writer.builder.serialized()
    }

    private init(document: RecordedDocument, spelling: PropertyListSpelling) {
        self.document = document
        self.spelling = spelling
        builder = BinaryPropertyListBuilder(capacity: document.items.count)
        objects = spelling.sharesObjects && !document.aliases.isEmpty
            ? Array(repeating: Self.unwritten, count: document.items.count) : []
    }

    /// Makes the object of `node` and, for a container, of everything it holds.
    private mutating func add(_ node: Int32) throws(ModelError) -> Int32 {
        let item = document[node]
        if let object = spelling.object(for: item, in: document) {
            return addObject(className: object.className, fields: object.fields)
        }
        switch item.kind {
        case .null: throw spelling.noNull(at: steps)
        case .string: return builder.string(document.strings[item.index])
        case .integer: return builder.integer(item.integer)
        case .unsigned: return builder.unsigned(item.payload)
        case .double: return builder.real(item.double)
        case .bool: return builder.bool(item.payload != 0)
        case .date: return builder.date(Date(timeIntervalSinceReferenceDate: item.double))
        case .data: return builder.data(document.data[item.index])
        case .alias:
            if case .shared(let shared) = document.aliases[item.index], let target = shared.writtenIndex,
                target < objects.count, objects[target] >= 0
            {
                return objects[target]
            }
            return addObject(className: nil, fields: [(TypedTree.aliasKey, .string(document.keyPath(ofAlias: item)))])
        case .array:
            let array = builder.array(count: Int(item.count))
            remember(node, array, open: true)
            for position in 0..<Int(item.count) {
                steps.append(.index(position))
                let child = try add(document.element(of: item, at: position))
                steps.removeLast()
                builder.set(position, of: array, to: child)
            }
            remember(node, array, open: false)
            return array
        case .dictionary, .object:
            if item.variant == .uid, item.count == 1 {
                let number = document[document.entry(of: item, at: 0).value]
                if number.kind == .integer, number.integer >= 0 { return builder.uid(number.payload) }
            }
            let className = item.kind == .object ? document.className(of: item) : nil
            let extra = className == nil ? 0 : 1
            let count = Int(item.count) + extra
            let dictionary = builder.dictionary(count: count)
            remember(node, dictionary, open: true)
            if className != nil {
                let key = builder.string(TypedTree.classKey)
                builder.set(0, of: dictionary, to: key)
            }
            for position in 0..<Int(item.count) {
                let child = builder.string(document.entry(of: item, at: position).key)
                builder.set(extra + position, of: dictionary, to: child)
            }
            if let className {
                let name = builder.string(className)
                builder.set(count, of: dictionary, to: name)
            }
            for position in 0..<Int(item.count) {
                let (key, value) = document.entry(of: item, at: position)
                steps.append(.key(key))
                let child = try add(value)
                steps.removeLast()
                builder.set(count + extra + position, of: dictionary, to: child)
            }
            remember(node, dictionary, open: false)
            return dictionary
        }
    }

    /// A dictionary of scalar fields, after `$class` when there is a class name.
    private mutating func addObject(className: String?, fields: [(key: String, value: ModelValue)]) -> Int32 {
        let extra = className == nil ? 0 : 1
        let count = fields.count + extra
        let dictionary = builder.dictionary(count: count)
        if className != nil {
            let key = builder.string(TypedTree.classKey)
            builder.set(0, of: dictionary, to: key)
        }
        for (position, field) in fields.enumerated() {
            let key = builder.string(field.key)
            builder.set(extra + position, of: dictionary, to: key)
        }
        if let className {
            let name = builder.string(className)
            builder.set(count, of: dictionary, to: name)
        }
        for (position, field) in fields.enumerated() {
            let value: Int32 = switch field.value {
            case .string(let text): builder.string(text)
            case .data(let bytes): builder.data(bytes)
            case .double(let number): builder.real(number)
            case .date(let date): builder.date(date)
            default: preconditionFailure("a spelled field is a string, data, a double or a date")
            }
            builder.set(count + extra + position, of: dictionary, to: value)
        }
        return dictionary
    }

    /// Notes the object of a container while it is written (`open`) and once it is, for
    /// aliases to it.
    private mutating func remember(_ node: Int32, _ object: Int32, open: Bool) {
        guard !objects.isEmpty else { return }
        objects[Int(node)] = open ? Self.open : object
    }
}
