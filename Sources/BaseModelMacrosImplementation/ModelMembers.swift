import SwiftSyntax

/// The members `@Model` generates for a type: `CodingKeys`, `init()`, `init(from:)` and
/// `encode(to:)` with the synthesized semantics (subclasses call `super` with the same decoder
/// and encoder), the generated coding the engine runs instead (`_readFields`, `_writeFields`),
/// and the schema as static data (`declaredProperties`, the key case, the coercion).
struct ModelMembers {
    let shape: ModelShape
    /// The stored properties, with the coding keys of the type's own `CodingKeys` if it has one.
    let properties: [StoredProperty]
    /// `@Model(keyCase:)` and `@Model(coercion:)`, as written.
    let keyCase: ExprSyntax?
    let coercion: ExprSyntax?
    /// What the type declares itself (see ``DeclaredMembers``).
    let declared: DeclaredMembers

    init(shape: ModelShape, properties: [StoredProperty], keyCase: ExprSyntax?, coercion: ExprSyntax?, declared: DeclaredMembers) {
        self.shape = shape
        self.keyCase = keyCase
        self.coercion = coercion
        self.declared = declared
        let writesInit = !declared.names.contains("init()")
        self.properties = properties.map { property in
            var keyed = property
            if let codingKeys = declared.codingKeys {
                keyed.hasCodingKey = codingKeys[property.name] != nil
                keyed.codingName = codingKeys[property.name] ?? property.name
            }
            // Without a default of its own, and with no `init()` of the type's to give one, the
            // value `init()` gets is only a placeholder: the input must give it.
            keyed.isRequired = writesInit && keyed.canBeRequired
            return keyed
        }
    }

    /// The schema: `declaredProperties`, and the key case and coercion when given (or, for a
    /// base class, always, so subclasses can override them). It holds expressions written in the
    /// type (transformers, type names), so it goes in the type's body, where they mean what they
    /// mean there; so does the `init()` of a public struct that declares no initializer.
    var schemaDeclarations: [DeclSyntax] {
        var declarations: [DeclSyntax] = []
        if !declared.names.contains("declaredProperties") { declarations.append(declaredProperties) }
        if let polymorphisms { declarations.append(polymorphisms) }
        if let placeholders { declarations.append(placeholders) }
        if needsInit, initIsInBody { declarations.append(initializer) }
        if keyCase != nil || (shape.kind == .baseClass && !declared.names.contains("keyCase")) {
            declarations.append("\(raw: shape.staticModifiers) var keyCase: BaseModel.KeyCase { \(raw: keyCase?.trimmedDescription ?? ".unchanged") }")
        }
        if coercion != nil || (shape.kind == .baseClass && !declared.names.contains("coercion")) {
            declarations.append("\(raw: shape.staticModifiers) var coercion: BaseModel.Coercion { \(raw: coercion?.trimmedDescription ?? ".strict") }")
        }
        return declarations
    }

    /// `CodingKeys`, `init()`, `init(from:)` and `encode(to:)`, less what the type declares, and
    /// the generated coding (`_readFields`, `_writeFields`). They name no type and no expression
    /// of the source, so they may go in an extension (which, for a struct, keeps its memberwise
    /// initializer).
    var codingDeclarations: [DeclSyntax] {
        var declarations: [DeclSyntax] = []
        // A subclass with no properties of its own needs no keys: it only calls `super`.
        if declared.codingKeys == nil, !(shape.isSubclass && encoded.isEmpty) { declarations.append(codingKeys) }
        if needsInit, !initIsInBody { declarations.append(initializer) }
        if !declared.names.contains("init(from:)") { declarations.append(decodingInitializer) }
        if !declared.names.contains("encode(to:)") { declarations.append(encodeMethod) }
        declarations += fieldCodingDeclarations
        return declarations
    }

    /// Whether the type writes its own `init(from:)` or `encode(to:)`: the engine must then run
    /// them, not generated coding (`declaredProperties` says so, and subclasses inherit it).
    var hasOwnCoding: Bool { declared.names.contains("init(from:)") || declared.names.contains("encode(to:)") }

    /// Whether a property is typed with a protocol existential under `@Polymorphic`: the
    /// generated field coding cannot read it (it is not `Decodable`), so the engine runs the
    /// generated `init(from:)` and `encode(to:)`, which pass the polymorphism to the container.
    var hasPolymorphicExistentials: Bool { properties.contains(where: \.isPolymorphicExistential) }

    /// `_Polymorphisms`, the polymorphism of each existential property under its name, for the
    /// generated `init(from:)` and `encode(to:)` (which may be in an extension, where the
    /// expressions might not mean the same); `nil` when there is none or the type codes itself.
    private var polymorphisms: DeclSyntax? {
        let existentials = properties.filter(\.isPolymorphicExistential)
        guard !existentials.isEmpty, !declared.names.contains("init(from:)") || !declared.names.contains("encode(to:)") else {
            return nil
        }
        let members = existentials.map { property in
            "static var \(property.identifier): BaseModel.Polymorphism {\n    \(property.polymorphism!.trimmedDescription)\n}"
        }
        return "enum _Polymorphisms {\n\(raw: Self.indented(members))\n}"
    }

    /// `_Placeholders`, the value `init()` gives each required property that is a new instance of
    /// a type (for an existential, a type the polymorphism names), in the type's body, where the
    /// type names mean what they mean in the declaration; `nil` when there is none.
    private var placeholders: DeclSyntax? {
        guard needsInit else { return nil }
        let members = properties.filter(\.isRequired).compactMap { property -> String? in
            guard case .instance(let type) = property.placeholder, let declared = property.type else { return nil }
            return "static var \(property.identifier): \(declared.trimmedDescription) {\n    \(type)()\n}"
        }
        guard !members.isEmpty else { return nil }
        return "enum _Placeholders {\n\(raw: Self.indented(members))\n}"
    }

    /// Whether the engine must run `init(from:)` and `encode(to:)` rather than generated coding.
    private var runsCodable: Bool { hasOwnCoding || hasPolymorphicExistentials }

    /// Whether the type conforms to `GeneratedCoding` (in its extension): every struct and class
    /// that does not code itself, and a class that does (with empty members, which the engine
    /// does not run) so that its subclasses can override them. A subclass inherits it.
    var conformsToGeneratedCoding: Bool {
        switch shape.kind {
        case .structure, .finalClass: !runsCodable
        case .baseClass: true
        case .subclass: false
        }
    }

    /// `_readFields(from:)` and `_writeFields(to:)`: one read and one write per codable stored
    /// property, in declaration order, after the superclass's.
    private var fieldCodingDeclarations: [DeclSyntax] {
        let coded = properties.filter(\.isCoded)
        switch shape.kind {
        case .structure, .finalClass:
            if runsCodable { return [] }
        case .baseClass:
            // Never run (the schema says the type codes itself): only for subclasses to override.
            if runsCodable { return [readFieldsMethod([]), writeFieldsMethod([])] }
        case .subclass:
            if runsCodable || coded.isEmpty { return [] }
        }
        return [readFieldsMethod(coded), writeFieldsMethod(coded)]
    }

    private func readFieldsMethod(_ coded: [StoredProperty]) -> DeclSyntax {
        var lines: [String] = []
        if shape.isSubclass { lines.append("try super._readFields(from: &reader)") }
        for property in coded {
            // `init(from:)` does not read a constant with a default either.
            lines.append(property.isDecoded ? "try reader.read(&self.\(property.identifier))" : "reader.skip()")
        }
        let modifiers = shape.kind == .structure ? "\(shape.access)mutating " : shape.encodeModifiers
        return "\(raw: modifiers)func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {\(raw: Self.body(lines))}"
    }

    private func writeFieldsMethod(_ coded: [StoredProperty]) -> DeclSyntax {
        var lines: [String] = []
        if shape.isSubclass { lines.append("try super._writeFields(to: &writer)") }
        for property in coded { lines.append("try writer.write(self.\(property.identifier))") }
        return "\(raw: shape.encodeModifiers)func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {\(raw: Self.body(lines))}"
    }

    /// Whether to write `init()`: every property has a default or is required with a
    /// placeholder, the type declares none, and the compiler gives none that will do. It gives a
    /// struct that declares no initializer and whose properties all have defaults an internal
    /// one, which cannot witness the requirement of a public or package type.
    private var needsInit: Bool {
        guard properties.allSatisfy({ $0.hasDefault || ($0.isRequired && $0.placeholder != nil) }),
            !declared.names.contains("init()")
        else { return false }
        return shape.isClass || declared.hasInitializers || !shape.access.isEmpty || properties.contains(where: \.isRequired)
    }

    /// Whether `init()` goes in the struct's body: for a public or package struct that declares no
    /// initializer, whose implicit `init()` an `init()` in an extension would redeclare. (Its
    /// memberwise initializer then goes too; it was internal.)
    private var initIsInBody: Bool { shape.kind == .structure && !shape.access.isEmpty && !declared.hasInitializers }

    private var encoded: [StoredProperty] { properties.filter(\.isEncoded) }

    private var codingKeys: DeclSyntax {
        let names = encoded.map(\.identifier)
        if names.isEmpty { return "private enum CodingKeys: CodingKey {}" }
        return """
            private enum CodingKeys: String, CodingKey {
                case \(raw: names.joined(separator: ", "))
            }
            """
    }

    private var initializer: DeclSyntax {
        var lines = properties.filter(\.isRequired).compactMap { property -> String? in
            switch property.placeholder {
            case .literal(let value): "self.\(property.identifier) = \(value)"
            case .instance: "self.\(property.identifier) = _Placeholders.\(property.identifier)"
            case nil: nil
            }
        }
        if shape.isSubclass { lines.append("super.init()") }
        if lines.isEmpty { return "\(raw: shape.initModifiers)init() {}" }
        return "\(raw: shape.initModifiers)init() {\(raw: Self.body(lines))}"
    }

    private var decodingInitializer: DeclSyntax {
        let decoded = properties.filter(\.isDecoded)
        var lines: [String] = []
        if !decoded.isEmpty {
            lines.append("let container = try decoder.container(keyedBy: CodingKeys.self)")
        } else if !shape.isSubclass {
            lines.append("_ = try decoder.container(keyedBy: CodingKeys.self)")
        }
        // Each property's type comes from the assignment: a type written in a nested type's
        // declaration may not mean the same in the extension.
        if decoded.contains(where: { !$0.isOptional && !$0.isPolymorphicExistential }) {
            lines.append(
                """
                func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                    try container.decode(Value.self, forKey: key)
                }
                """)
        }
        if decoded.contains(where: { $0.isOptional && !$0.isPolymorphicExistential }) {
            lines.append(
                """
                func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                    try container.decodeIfPresent(Value.self, forKey: key)
                }
                """)
        }
        if decoded.contains(where: \.isPolymorphicExistential) {
            lines.append(
                """
                func decodedPolymorphic<Value>(_ key: CodingKeys, _ polymorphism: BaseModel.Polymorphism) throws -> Value {
                    try container.decode(Value.self, forKey: key, polymorphism: polymorphism)
                }
                """)
        }
        for property in decoded {
            if property.isPolymorphicExistential {
                lines.append(
                    "self.\(property.identifier) = try decodedPolymorphic(.\(property.identifier), _Polymorphisms.\(property.identifier))")
                continue
            }
            let function = property.isOptional ? "decodedIfPresent" : "decoded"
            lines.append("self.\(property.identifier) = try \(function)(.\(property.identifier))")
        }
        if shape.isSubclass { lines.append("try super.init(from: decoder)") }
        return """
            \(raw: shape.initModifiers)init(from decoder: any Decoder) throws {
            \(raw: Self.indented(lines))
            }
            """
    }

    private var encodeMethod: DeclSyntax {
        var lines: [String] = []
        if shape.isSubclass { lines.append("try super.encode(to: encoder)") }
        if !encoded.isEmpty {
            lines.append("var container = encoder.container(keyedBy: CodingKeys.self)")
        } else if !shape.isSubclass {
            lines.append("_ = encoder.container(keyedBy: CodingKeys.self)")
        }
        for property in encoded {
            if property.isPolymorphicExistential {
                lines.append(
                    "try container.encode(self.\(property.identifier), forKey: .\(property.identifier), polymorphism: _Polymorphisms.\(property.identifier))")
                continue
            }
            let method = property.isOptional ? "encodeIfPresent" : "encode"
            lines.append("try container.\(method)(self.\(property.identifier), forKey: .\(property.identifier))")
        }
        return """
            \(raw: shape.encodeModifiers)func encode(to encoder: any Encoder) throws {
            \(raw: Self.indented(lines))
            }
            """
    }

    private var declaredProperties: DeclSyntax {
        let entries = properties.map { property in
            var arguments = ["\"\(property.codingName)\""]
            if let key = keyPath(of: property) { arguments.append("key: \(key)") }
            if property.isOptional { arguments.append("isOptional: true") }
            if property.isRequired { arguments.append("isRequired: true") }
            if let transformer = property.transformer, property.isCoded {
                arguments.append("transformer: \(transformer.trimmed)")
            }
            if !property.isCoded { arguments.append("isUncodable: true") }
            if let polymorphism = property.polymorphism, property.isCoded { arguments.append("polymorphism: \(polymorphism.trimmed)") }
            return ".init(\(arguments.joined(separator: ", ")))"
        }
        let list = entries.isEmpty ? "[]" : "[\n\(Self.indented(entries.map { $0 + "," }))\n]"
        let type = shape.isOverridable ? shape.name : "Self"
        let inheriting = shape.isSubclass ? "inheriting: super.declaredProperties, " : ""
        let ownCoding = runsCodable ? "generatedCoding: false, " : ""
        let value = "BaseModel.ModelProperties(of: \(type).self, \(inheriting)\(ownCoding)\(list))"
        let checks = checkStatements
        guard !checks.isEmpty else {
            return """
                \(raw: shape.staticModifiers) var declaredProperties: BaseModel.ModelProperties? {
                \(raw: Self.indented([value]))
                }
                """
        }
        // Never called: it only has to compile. It states what the macro cannot see (the
        // superclass, the types of the properties) as code the compiler checks.
        let function = """
            func checkMapping(of model: \(shape.name)) {
            \(Self.indented(checks))
            }
            """
        return """
            \(raw: shape.staticModifiers) var declaredProperties: BaseModel.ModelProperties? {
            \(raw: Self.indented([function, "return " + value]))
            }
            """
    }

    /// The statements that make the compiler check the superclass and the transformers.
    private var checkStatements: [String] {
        var statements: [String] = []
        if case .subclass(let superclass) = shape.kind {
            // A mismatch reads: local function 'superclassIsAModel' requires that 'Animal'
            // conform to 'Model'.
            statements += [
                "func superclassIsAModel<Superclass: BaseModel.Model>(_ type: Superclass.Type) {}",
                "superclassIsAModel(\(superclass).self)",
            ]
        }
        // (A transformer on a polymorphic property is an error of its own.)
        let transformerChecks = properties.filter { $0.isCoded && $0.polymorphism == nil }.compactMap { property in
            property.transformer.flatMap { TransformerCheck(transformer: $0, valueType: property.transformerValueType) }
                .map { (property, $0) }
        }
        if transformerChecks.contains(where: \.1.usesSharedStatements) { statements += TransformerCheck.sharedStatements }
        for (property, check) in transformerChecks { statements += check.statements(for: property.identifier) }
        return statements
    }

    /// The `key:` argument: the single path as written, or `.firstOf(…)` for fallbacks.
    private func keyPath(of property: StoredProperty) -> String? {
        let keys = property.keys.map(\.trimmedDescription)
        switch keys.count {
        case 0: return nil
        case 1: return keys[0]
        default: return ".firstOf(\(keys.joined(separator: ", ")))"
        }
    }

    /// The inside of a body's braces: the lines indented on lines of their own, or one line
    /// break for none.
    private static func body(_ lines: [String]) -> String {
        "\n" + (lines.isEmpty ? "" : indented(lines) + "\n")
    }

    /// Lines (each possibly several) indented by four spaces.
    private static func indented(_ lines: [String]) -> String {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }
}

/// What a `@Model` type declares itself, so the macro does not declare it again.
struct DeclaredMembers {
    /// `init()`, `init(from:)`, `encode(to:)`, `CodingKeys`, and the names of static properties.
    var names: Set<String> = []
    /// Whether the type's body declares any initializer (a struct then has no implicit `init()`).
    var hasInitializers = false
    /// The string values of the type's own `CodingKeys` by case name, when it declares the enum.
    var codingKeys: [String: String]?

    init(_ members: MemberBlockItemListSyntax) {
        for member in members {
            let decl = member.decl
            if let initializer = decl.as(InitializerDeclSyntax.self) {
                hasInitializers = true
                let parameters = initializer.signature.parameterClause.parameters
                if parameters.isEmpty { names.insert("init()") }
                if parameters.count == 1, parameters.first?.firstName.text == "from" { names.insert("init(from:)") }
            } else if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                function.signature.parameterClause.parameters.first?.firstName.text == "to"
            {
                names.insert("encode(to:)")
            } else if let variable = decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            {
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
                }
            } else if let keys = decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys" {
                codingKeys = Self.cases(of: keys)
            }
        }
    }

    /// `case width = "w", resize` → `["width": "w", "resize": "resize"]`.
    private static func cases(of keys: EnumDeclSyntax) -> [String: String] {
        var cases: [String: String] = [:]
        for member in keys.memberBlock.members {
            guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in declaration.elements {
                let name = element.name.text.filter { $0 != "`" }
                let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                cases[name] = raw ?? name
            }
        }
        return cases
    }
}
