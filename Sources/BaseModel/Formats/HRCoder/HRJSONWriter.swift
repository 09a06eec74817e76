import Foundation

/// Writes a recorded document (``DocumentRecorder``) as HR JSON: objects as `{"$class": name, …}`,
/// an alias as `{"$alias": path}`, dates, data, mutable strings and URLs as HRCoder spelled them
/// (``HRSpelling/json(_:in:)``), through the JSON writer (compact, the document's key order,
/// `/` escaped as `\/` as Foundation's `NSJSONSerialization` did).
struct HRJSONWriter {
    private let document: RecordedDocument
    private let writer = JSONModelWriter()

    /// The HR JSON text of `document`.
    ///
    /// - Throws: ``ModelError`` with `format` and the path for a value JSON cannot hold (a
    ///   double or date that is not finite).
    static func data(of document: RecordedDocument, format: ModelFormat) throws(ModelError) -> Data {
        let json = HRJSONWriter(document: document)
        if let root = document.root { json.write(root) }
        do {
            return try json.writer.finish()
        } catch var error {
            error.format = format
            throw error
        }
    }

    private init(document: RecordedDocument) {
        self.document = document
    }

    private func write(_ node: Int32) {
        let item = document[node]
        if let object = HRSpelling.json(item, in: document) {
            writer.beginObject(className: object.className)
            for (key, value) in object.fields {
                writer.writeKey(key)
                writer.writeTree(value)
            }
            return writer.endDictionary()
        }
        switch item.kind {
        case .null: writer.writeNull()
        case .bool: writer.writeBool(item.payload != 0)
        case .integer: writer.writeInteger(item.integer)
        case .unsigned: writer.writeUnsigned(item.payload)
        case .double: writer.writeDouble(item.double)
        case .string: writer.writeString(document.strings[item.index])
        case .date: writer.writeDate(Date(timeIntervalSinceReferenceDate: item.double))
        case .data: writer.writeData(document.data[item.index])
        case .alias:
            writer.beginDictionary(count: 1)
            writer.writeKey(TypedTree.aliasKey)
            writer.writeString(document.keyPath(ofAlias: item))
            writer.endDictionary()
        case .array:
            writer.beginArray(count: Int(item.count))
            for position in 0..<Int(item.count) { write(document.element(of: item, at: position)) }
            writer.endArray()
        case .dictionary, .object:
            if item.kind == .object { writer.beginObject(className: document.className(of: item)) } else { writer.beginDictionary(count: Int(item.count)) }
            for position in 0..<Int(item.count) {
                let (key, value) = document.entry(of: item, at: position)
                writer.writeKey(key)
                write(value)
            }
            writer.endDictionary()
        }
    }
}
