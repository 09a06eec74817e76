/// Class names as archives record them, and the type names typed trees use.
enum KeyedArchiveClassName {
    /// The registered type name for an archived class name: Swift classes are archived as
    /// `Module.Type` (or `Module.Outer.Inner`), and private or nested ones under a mangled
    /// `_TtC…` name; both become the unqualified type name, as ``Model/typeName`` spells it.
    /// Objective-C names (`NSValue`, `MTLTestModel`) are kept as they are.
    static func typeName(_ className: String) -> String {
        if className.hasPrefix("_Tt"), let name = demangledName(className) { return name }
        guard let dot = className.lastIndex(of: "."), className.index(after: dot) < className.endIndex else { return className }
        return String(className[className.index(after: dot)...])
    }

    /// The innermost name of a mangled class name such as `_TtC4Demo3Dog` or
    /// `_TtCC4Demo5Outer5Inner`, or `nil` for any other mangling.
    private static func demangledName(_ className: String) -> String? {
        var rest = Substring(className.dropFirst(3))
        while let first = rest.first, first == "C" { rest = rest.dropFirst() }
        var names: [Substring] = []
        while !rest.isEmpty {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard let length = Int(digits), length > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= length else { return nil }
            names.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return names.count >= 2 ? String(names[names.count - 1]) : nil
    }
}
