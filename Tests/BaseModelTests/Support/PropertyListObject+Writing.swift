@testable import BaseModel
import Foundation

extension PropertyListObject {
    /// Writes this object to `writer` as the property-list readers would have read it into a
    /// graph: a UID is the dictionary `{"CF$UID": n}` of variant ``GraphVariant/uid``.
    func write(to writer: any ModelWriter) {
        switch self {
        case .string(let text): writer.writeString(text)
        case .integer(let number): writer.writeInteger(number)
        case .unsignedInteger(let number): writer.writeUnsigned(number)
        case .real(let number): writer.writeDouble(number)
        case .bool(let flag): writer.writeBool(flag)
        case .date(let date): writer.writeDate(date)
        case .data(let bytes): writer.writeData(bytes)
        case .uid(let number):
            writer.setStyle([], .uid)
            writer.beginDictionary(count: 1)
            writer.writeKey(PropertyListObject.uidKey)
            writer.writeUnsigned(number)
            writer.endDictionary()
        case .array(let elements):
            writer.beginArray(count: elements.count)
            for element in elements { element.write(to: writer) }
            writer.endArray()
        case .dictionary(let entries):
            writer.beginDictionary(count: entries.count)
            for (key, value) in entries {
                writer.writeKey(key)
                value.write(to: writer)
            }
            writer.endDictionary()
        }
    }

    /// This object as a binary property list, through the `binary` codec's writer.
    func binaryData() throws(ModelError) -> Data {
        let writer = BinaryPropertyListCodec().makeWriter()
        write(to: writer)
        return try writer.finish()
    }

    /// ``binaryData()`` for an object it cannot refuse (nested no deeper than the limit).
    var binaryPlist: Data { (try? binaryData()) ?? Data() }

    /// This object as an XML property list, through the `xml` codec's writer.
    func xmlData() throws(ModelError) -> Data {
        let writer = XMLPropertyListCodec().makeWriter()
        write(to: writer)
        return try writer.finish()
    }
}
