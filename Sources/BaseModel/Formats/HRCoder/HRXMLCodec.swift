import Foundation

/// The `hr-xml` format: an HRCoder document as an XML property list, what HRCoder's
/// `archivedDataWithRootObject:` wrote and what HRTodoList's bundled `TodoList.plist` is.
///
/// ```swift
/// let codec = HRXMLCodec()
/// let tree: ModelValue = ["$class": "TodoList", "items": [["$class": "TodoItem", "label": "Do washing"]]]
/// let plist = try codec.encodeTree(tree)       // <dict><key>$class</key><string>TodoList</string>…
/// try codec.decodeTree(from: plist) == tree   // true
/// ```
///
/// Typed objects (`$class`) and shared references (`$alias`, see ``TypedTree``) are written as they
/// are: a container or object met again, shared or in a cycle, is `{"$alias": "<key path of its
/// first occurrence>"}` and reads back as the same node; the root may be any value (HRCoder
/// writes a plain array or dictionary root without `$class`). Data and dates are the property
/// list's own `<data>` and `<date>`, and null, which property lists lack, is
/// `{"$class": "NSNull"}` (read back as null; ``HRSpelling``). Reading also accepts the JSON
/// spellings (`$data`, `NS.time`) and the Foundation objects HRCoder wrote as coded objects
/// (see ``HRGraphReader``); other `$class` names are objects for the model decoder.
///
/// Choices to know:
///
/// - Keys are written and read back in the tree's order, so the output depends only on the tree.
/// - XML dates have whole seconds (`<date>2001-01-01T00:00:12Z</date>`); use ``HRBinaryCodec``
///   or ``HRJSONCodec`` to keep fractions.
/// - Reading accepts XML and binary property lists; writing is XML. The library's own
///   property-list reader and writer do the work.
struct HRXMLCodec: HRPropertyListCodec {
    /// Creates the codec.
    init() {}

    /// ``ModelFormat/hrXML``.
    var format: ModelFormat { .hrXML }
    /// ``HRPropertyList/Encoding/xml``.
    var encoding: HRPropertyList.Encoding { .xml }
}
