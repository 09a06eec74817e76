import BaseModel
import Foundation

/// Writes Swift model code that decodes a sample value tree: `basemodel model`.
///
/// One type per object shape (``ShapeCollector``): `@Model` structs for plain dictionaries,
/// final classes for `$class` objects (a base class when one place holds several classes), each
/// property typed from every value met at its place (``ValueShape``), optional where a value
/// was `null` or missing, with `@Key` where the key case does not give the key and
/// `@Transform` for dates written as text. `--no-macro` writes the same models with the static
/// tables of a `Model` conformance instead.
struct ModelGenerator {
    /// What `basemodel model` was asked for.
    struct Options {
        /// The name of the root type (or of the element type of a root array or map).
        var name = "Root"
        /// Classes instead of structs for plain dictionaries too.
        var classes = false
        /// The `@Model` macro form; `false` writes the macro-free form.
        var macro = true
    }

    /// What the file's root is, and so how the generated code reads it.
    enum RootKind: Equatable {
        /// A dictionary: the root type decodes the file.
        case object
        /// An array of objects: the file is an array of the root type.
        case array
        /// A dictionary keyed by data (ids): the file is a `[String: Root]`.
        case map
    }

    /// Why a sample gives no model.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    let options: Options
    let collector: ShapeCollector
    let rootKind: RootKind
    /// The Swift name of the root type.
    let rootType: String
    /// The Swift name of each type, by its key in ``ShapeCollector/types``.
    private let names: [String: String]
    /// Whether every key of every object is snake_case: the models say it once.
    private let snakeCase: Bool
    /// The properties of each type, by key, in the sample's key order.
    private var properties: [String: [GeneratedProperty]] = [:]
    /// Base classes of places that hold several classes: name and the class keys under it.
    private var bases: [(name: String, members: [String])] = []
    /// The base class of each class key that has one.
    private var baseOf: [String: String] = [:]
    /// The types that hold themselves: classes, whatever the options say.
    private var cyclic: Set<String> = []

    /// Reads `tree` into models.
    ///
    /// - Throws: ``Refusal`` when the root is not a dictionary, nor an array or map of them.
    init(tree: ModelValue, options: Options = Options()) throws(Refusal) {
        self.options = options
        let name = SwiftName.type(options.name)
        let collector = ShapeCollector(tree: tree, name: name)
        self.collector = collector
        let root = collector.root
        let single: ValueShape?
        if root.objects == 1, root.kindCount == 1 {
            (rootKind, single) = (.object, root)
        } else if root.arrays == 1, let elements = root.elements, elements.objects > 0, elements.kindCount == 1, elements.objectTypes.count == 1 {
            (rootKind, single) = (.array, elements)
        } else if root.maps == 1, let values = root.mapValues, values.objects > 0, values.kindCount == 1, values.objectTypes.count == 1 {
            (rootKind, single) = (.map, values)
        } else {
            throw Refusal(description: "the root is \(Self.kind(of: tree)): there is no model to write")
        }
        guard let rootKey = single?.objectTypes.first else { throw Refusal(description: "the root holds no dictionary") }

        var names: [String: String] = [:]
        var taken: Set<String> = []
        func claim(_ key: String, _ wanted: String) {
            var candidate = wanted
            var number = 2
            while taken.contains(candidate) { candidate = wanted + String(number); number += 1 }
            taken.insert(candidate)
            names[key] = candidate
        }
        claim(rootKey, collector.types[rootKey]?.className.map(SwiftName.className) ?? name)
        for key in collector.order where key.hasPrefix("$") && names[key] == nil {
            claim(key, SwiftName.className(String(key.dropFirst())))
        }
        for key in collector.order where names[key] == nil { claim(key, SwiftName.type(key)) }
        self.names = names
        rootType = names[rootKey] ?? name

        let keys = collector.order.flatMap { collector.types[$0]?.keys ?? [] }
        let underscored = keys.contains { $0.contains("_") }
        let lowercase = keys.allSatisfy { key in key.allSatisfy { $0 == "_" || $0.isNumber || ($0.isLowercase && $0.isASCII) } }
        snakeCase = underscored && lowercase
        var taken2 = taken
        for key in collector.order { plan(key, taken: &taken2) }
        breakCycles()
    }

    /// Makes the types that hold themselves (directly or through others, outside arrays and
    /// maps) classes, and the properties that close such a loop optional: a struct cannot
    /// contain itself, and a non-optional one would make `init()` recurse forever.
    private mutating func breakCycles() {
        var keyOf: [String: String] = [:]
        for (key, name) in names { keyOf[name] = key }
        var edges: [String: [String]] = [:]
        for (key, fields) in properties { edges[key] = fields.compactMap { keyOf[$0.type] } }
        func reaches(_ start: String, _ goal: String) -> Bool {
            var seen: Set<String> = [start]
            var stack = [start]
            while let next = stack.popLast() {
                if next == goal { return true }
                for target in edges[next] ?? [] where seen.insert(target).inserted { stack.append(target) }
            }
            return false
        }
        for key in collector.order {
            guard var fields = properties[key] else { continue }
            for index in fields.indices {
                guard let target = keyOf[fields[index].type], reaches(target, key) else { continue }
                fields[index].isOptional = true
                cyclic.insert(key)
                cyclic.insert(target)
            }
            properties[key] = fields
        }
    }

    /// The kind of `value`, for the refusal.
    private static func kind(of value: ModelValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .unsignedInteger, .double: "a number"
        case .string: "a string"
        case .data: "data"
        case .date: "a date"
        case .array(let elements): elements.isEmpty ? "an empty array" : "an array whose elements are not all dictionaries of one type"
        case .dictionary: "a dictionary keyed by ids whose values are not all dictionaries of one type"
        }
    }

    // MARK: - Planning

    /// Chooses the properties of the type keyed `key`.
    private mutating func plan(_ key: String, taken: inout Set<String>) {
        guard let object = collector.types[key] else { return }
        var result: [GeneratedProperty] = []
        var used: Set<String> = []
        for field in object.keys {
            guard let shape = object.fields[field] else { continue }
            var name = SwiftName.property(field)
            var number = 2
            while used.contains(name.filter { $0 != "`" }) { name = SwiftName.property(field) + String(number); number += 1 }
            used.insert(name.filter { $0 != "`" })
            var property = GeneratedProperty(name: name, key: field, type: "", isOptional: false)
            resolve(shape, hint: field, into: &property, taken: &taken)
            property.isOptional = property.isOptional || shape.nulls > 0 || shape.count < object.count
            let spelled = snakeCase ? KeyCase.snakeCase.remoteKey(for: property.bareName) : property.bareName
            if spelled != field { property.keyPath = GeneratedProperty.literal(keyPath: field) }
            result.append(property)
        }
        properties[key] = result
    }

    /// Sets the type (and transformer or polymorphism) of `property` from `shape`.
    private mutating func resolve(_ shape: ValueShape, hint: String, into property: inout GeneratedProperty, taken: inout Set<String>) {
        if !shape.isOnlyNull, shape.kindCount == 1, shape.strings > 0 {
            if let form = TextualDate.form(of: shape.stringSamples) {
                property.type = "Date"
                property.transformer = form.spelling
                return
            }
            if Self.areURLs(shape.stringSamples) {
                property.type = "URL"
                property.isOptional = true
                return
            }
        }
        // Several classes in one place (the place itself, or the elements of its arrays or the
        // values of its maps): a base class, whose subclasses the typed formats pick by `$class`
        // once registered (``registeringBases``).
        var holder = shape
        var wrap = { (base: String) in base }
        if shape.kindCount == 1, shape.arrays > 0, let elements = shape.elements, elements.nulls == 0 {
            (holder, wrap) = (elements, { "[\($0)]" })
        } else if shape.kindCount == 1, shape.maps > 0, let values = shape.mapValues, values.nulls == 0 {
            (holder, wrap) = (values, { "[String: \($0)]" })
        }
        if options.macro, holder.kindCount == 1, holder.objects > 0, holder.objectTypes.count > 1,
            holder.objectTypes.allSatisfy({ $0.hasPrefix("$") })
        {
            let base = base(for: holder.objectTypes, hint: holder === shape ? hint : SwiftName.singular(hint), taken: &taken)
            property.type = wrap(base)
            return
        }
        property.type = type(of: shape, hint: hint, taken: &taken)
    }

    /// The Swift type of the values of `shape`, without transformers: `ModelValue` where the
    /// kinds are mixed or nothing but `null` was seen.
    private mutating func type(of shape: ValueShape, hint: String, taken: inout Set<String>) -> String {
        guard !shape.isOnlyNull, shape.kindCount == 1 else { return "ModelValue" }
        if shape.integers + shape.unsignedIntegers + shape.doubles > 0 {
            if shape.doubles > 0 { return "Double" }
            if shape.unsignedIntegers > 0 { return shape.integers > 0 && shape.smallest < 0 ? "ModelValue" : "UInt64" }
            return shape.smallest >= Int64(Int32.min) && shape.largest <= Int64(Int32.max) ? "Int" : "Int64"
        }
        if shape.bools > 0 { return "Bool" }
        if shape.strings > 0 { return "String" }
        if shape.dates > 0 { return "Date" }
        if shape.datas > 0 { return "Data" }
        if shape.arrays > 0 {
            guard let elements = shape.elements, !elements.isOnlyNull, elements.nulls == 0 else { return "[ModelValue]" }
            return "[\(type(of: elements, hint: SwiftName.singular(hint), taken: &taken))]"
        }
        if shape.maps > 0 {
            guard let values = shape.mapValues, !values.isOnlyNull, values.nulls == 0 else { return "[String: ModelValue]" }
            return "[String: \(type(of: values, hint: SwiftName.singular(hint), taken: &taken))]"
        }
        if shape.objectTypes.count == 1, let name = names[shape.objectTypes[0]] { return name }
        return "ModelValue"
    }

    /// Whether every string is an absolute URL with a host that reads back as the same text.
    private static func areURLs(_ strings: [String]) -> Bool {
        !strings.isEmpty && strings.allSatisfy { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https", "ftp", "file"].contains(scheme), url.host?.isEmpty == false || scheme == "file"
            else { return false }
            return url.absoluteString == text
        }
    }

    /// The base class of the classes keyed `members`, made on first need and named after the
    /// key that holds them.
    private mutating func base(for members: [String], hint: String, taken: inout Set<String>) -> String {
        if let known = bases.first(where: { Set($0.members) == Set(members) }) { return known.name }
        var name = SwiftName.type(SwiftName.singular(hint))
        var number = 2
        let wanted = name
        while taken.contains(name) { name = wanted + String(number); number += 1 }
        taken.insert(name)
        bases.append((name, members))
        for member in members where baseOf[member] == nil { baseOf[member] = name }
        return name
    }

    // MARK: - Writing

    /// The base classes whose `registerSubclasses()` must run before a file with their
    /// subclasses is decoded.
    var registeringBases: [String] { bases.map(\.name) }

    /// The Swift source: the imports, a comment saying how to read the file, then the types.
    func code(sourceName: String? = nil) -> String {
        var lines: [String] = []
        if let sourceName { lines.append("// Models of \(sourceName), written by `basemodel model`.") }
        switch rootKind {
        case .object: lines.append("// The file is a \(rootType): `try \(rootType)(contentsOf: url)`.")
        case .array: lines.append("// The file is an array of \(rootType): `try \(rootType).instances(array: Data(contentsOf: url))`.")
        case .map: lines.append("// The file is a dictionary of \(rootType) by id: decode each value with `try \(rootType)(object: value)`.")
        }
        for base in bases { lines.append("// Call `\(base.name).registerSubclasses()` once before decoding it.") }
        lines.append(options.macro ? "import BaseModelMacros" : "import BaseModel")
        lines.append("import Foundation")
        lines.append("")
        lines.append(declarations())
        return lines.joined(separator: "\n")
    }

    /// The type declarations alone, one after another.
    func declarations() -> String {
        var blocks: [String] = []
        for base in bases {
            let members = base.members.compactMap { names[$0] }
            blocks.append("""
                @Model class \(base.name) {
                    /// Registers the subclasses, so that a file's `$class` picks the one each object names.
                    static func registerSubclasses(in registry: ModelRegistry = .shared) {
                \(members.map { "        registry.register(\($0).self)" }.joined(separator: "\n"))
                    }
                }
                """)
        }
        let rootKey = names.first { $0.value == rootType }?.key
        let ordered = (rootKey.map { [$0] } ?? []) + collector.order.filter { $0 != rootKey }
        for key in ordered {
            guard let object = collector.types[key], let name = names[key] else { continue }
            blocks.append(declaration(of: object, key: key, name: name))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private func declaration(of object: ObjectShape, key: String, name: String) -> String {
        let isClass = object.className != nil || options.classes || cyclic.contains(key)
        let base = baseOf[key]
        let fields = properties[key] ?? []
        var lines: [String] = []
        if options.macro {
            let attribute = snakeCase ? "@Model(keyCase: .snakeCase)" : "@Model"
            let kind = isClass ? "final class" : "struct"
            let inherited = (base.map { [$0] } ?? []) + (object.holdsCycle ? ["BackReferencingModel"] : [])
            lines.append("\(attribute) \(kind) \(name)\(inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")) {")
            for field in fields {
                var attributes = ""
                if let keyPath = field.keyPath { attributes += "@Key(\(keyPath)) " }
                if let transformer = field.transformer { attributes += "@Transform(\(transformer)) " }
                if let polymorphism = field.polymorphism { attributes += "@Polymorphic(\(polymorphism)) " }
                lines.append("    \(attributes)\(field.declaration)")
            }
        } else {
            lines.append("\(isClass ? "final class" : "struct") \(name): Model\(object.holdsCycle ? ", BackReferencingModel" : "") {")
            for field in fields { lines.append("    \(field.declaration)") }
            let keyPaths = fields.compactMap { field in field.keyPath.map { "\(GeneratedProperty.stringLiteral(field.bareName)): \($0)" } }
            let transformers = fields.compactMap { field in field.transformer.map { "\(GeneratedProperty.stringLiteral(field.bareName)): \($0)" } }
            if !keyPaths.isEmpty || !transformers.isEmpty || snakeCase || isClass { lines.append("") }
            if !keyPaths.isEmpty { lines.append(Self.table("keyPaths", "[String: RemoteKeyPath]", keyPaths)) }
            if !transformers.isEmpty { lines.append(Self.table("transformers", "[String: ModelTransformer]", transformers)) }
            if snakeCase { lines.append("    static var keyCase: KeyCase { .snakeCase }") }
            if isClass { lines.append("    init() {}") }
        }
        if object.holdsCycle { lines += backReferences(fields) }
        if let className = object.className, className != name {
            lines.append("    static var typeName: String { \(GeneratedProperty.stringLiteral(className)) }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `restoreBackReference(_:forKey:)` of a class that holds a cycle: every optional property
    /// typed with a generated class takes the ancestor an alias names.
    private func backReferences(_ fields: [GeneratedProperty]) -> [String] {
        let classes = Set(collector.order.filter { collector.types[$0]?.className != nil || cyclic.contains($0) }.compactMap { names[$0] })
        var lines = ["", "    func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {", "        switch key {"]
        for field in fields where field.isOptional && classes.contains(field.type) {
            lines.append("        case \(GeneratedProperty.stringLiteral(field.bareName)):")
            lines.append("            guard let object = object as? \(field.type) else { return false }")
            lines.append("            \(field.name) = object")
        }
        lines += ["        default:", "            return false", "        }", "        return true", "    }"]
        return lines
    }

    private static func table(_ name: String, _ type: String, _ entries: [String]) -> String {
        let oneLine = "    static let \(name): \(type) = [\(entries.joined(separator: ", "))]"
        if oneLine.count <= 110 { return oneLine }
        return (["    static let \(name): \(type) = ["] + entries.map { "        \($0)," } + ["    ]"]).joined(separator: "\n")
    }
}
