import Foundation

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, line feed, return).
    var trimmingXMLWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Character($0).isXMLWhitespace }),
            let last = scalars.lastIndex(where: { !Character($0).isXMLWhitespace })
        else { return "" }
        return self[first...last]
    }
}
