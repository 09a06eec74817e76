import SwiftSyntax

/// A stored instance property of a `@Model` type and its mapping attributes, as its syntax tells.
struct StoredProperty {
    /// The name as written, backticks included (`` `default` ``): for code.
    let identifier: String
    /// The name without backticks: for strings.
    let name: String
    let declaration: VariableDeclSyntax
    let binding: PatternBindingSyntax
    /// The written type, from this binding or a later one of the same `var a, b: Int`.
    let type: TypeSyntax?
    let isLet: Bool
    let hasInitializer: Bool
    /// `@Key`'s arguments: the remote key path and its fallbacks.
    let keys: [ExprSyntax]
    let keyAttribute: AttributeSyntax?
    /// `@Transform`'s transformer, and its `as:` value type when given.
    let transformer: ExprSyntax?
    let transformerValueType: ExprSyntax?
    let isUncodable: Bool
    /// `@Polymorphic`'s polymorphism.
    let polymorphism: ExprSyntax?
    /// The string value of its coding key: the name, or the raw value of its case in a
    /// `CodingKeys` the type declares itself.
    var codingName: String
    /// Whether the coding keys have a case for it (a type's own `CodingKeys` may leave some out;
    /// those are never read or written, as with synthesized `Codable`).
    var hasCodingKey = true

    /// Whether the written type is an optional: `T?`, `T!`, `Optional<T>` or `Swift.Optional<T>`.
    /// (A property without a written type counts as not optional.)
    var isOptional: Bool {
        guard let type else { return false }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let generic = type.as(IdentifierTypeSyntax.self) {
            return generic.name.text == "Optional" && generic.genericArgumentClause != nil
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
        }
        return false
    }

    /// Whether the written type holds a protocol existential (`any Shape`, `[any Shape]`,
    /// `(any Shape)?`, `[String: any Shape]`): not `Decodable`, so only a polymorphism can read it.
    var isExistential: Bool {
        type?.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.any) } ?? false
    }

    /// Whether the property is coded through `@Polymorphic` with an existential type: the
    /// generated `init(from:)` and `encode(to:)` then pass its polymorphism to the container.
    var isPolymorphicExistential: Bool { isCoded && isExistential && polymorphism != nil }

    /// Whether the property has a value before any initializer runs: a written default, or the
    /// implicit `nil` of an optional `var`.
    var hasDefault: Bool { hasInitializer || (isOptional && !isLet) }

    /// Whether the input must give it: a `@Polymorphic` property without a default in a type
    /// whose `init()` the macro writes (see ``ModelMembers``); that `init()` gives it
    /// ``placeholder``, which decoding never keeps.
    var isRequired = false

    /// Whether it may be required: a coded, non-optional `@Polymorphic` property without a
    /// default (a protocol often has no natural one).
    var canBeRequired: Bool { polymorphism != nil && isCoded && !hasDefault && !isOptional }

    /// The value the generated `init()` gives a required property: an empty array or
    /// dictionary, a new instance of the written type for a base class, and for a protocol
    /// (`any Shape`) one of the polymorphism's fallback or else of the first type its table
    /// lists; `nil` when the macro cannot tell.
    var placeholder: Placeholder? {
        guard let type else { return nil }
        if type.is(ArrayTypeSyntax.self) { return .literal("[]") }
        if type.is(DictionaryTypeSyntax.self) { return .literal("[:]") }
        if let generic = type.as(IdentifierTypeSyntax.self), generic.genericArgumentClause != nil {
            switch generic.name.text {
            case "Array", "ContiguousArray": return .literal("[]")
            case "Dictionary": return .literal("[:]")
            default: break
            }
        }
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) { return .instance(type.trimmedDescription) }
        guard isExistential, let polymorphism, let model = Self.firstModelType(in: polymorphism) else { return nil }
        return .instance(model)
    }

    /// A value for a required property's placeholder.
    enum Placeholder: Equatable {
        /// An expression that means the same anywhere (`[]`, `[:]`).
        case literal(String)
        /// A new instance of the type with this name, as written in the type's body.
        case instance(String)
    }

    /// The type a polymorphism written in the attribute names first: its `fallback:`, else the
    /// first value of the table's dictionary literal (`Circle` in `.tag("kind", ["circle":
    /// Circle.self])`); `nil` for a table the macro cannot read.
    private static func firstModelType(in polymorphism: ExprSyntax) -> String? {
        guard let call = polymorphism.as(FunctionCallExprSyntax.self) else { return nil }
        func typeName(_ expression: ExprSyntax) -> String? {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else { return nil }
            return base.trimmedDescription
        }
        if let fallback = call.arguments.first(where: { $0.label?.text == "fallback" }) {
            return typeName(fallback.expression)
        }
        for argument in call.arguments where argument.label == nil {
            guard let table = argument.expression.as(DictionaryExprSyntax.self) else { continue }
            guard case .elements(let elements) = table.content, let first = elements.first else { return nil }
            return typeName(first.value)
        }
        return nil
    }

    /// Whether it is read and written at all.
    var isCoded: Bool { !isUncodable && hasCodingKey }

    /// Whether `init(from:)` reads it: coded, and not a `let` whose default cannot change.
    var isDecoded: Bool { isCoded && !(isLet && hasInitializer) }

    /// Whether `encode(to:)` writes it.
    var isEncoded: Bool { isCoded }

    /// The stored instance properties of a type's member block, in declaration order. Static,
    /// computed and `lazy` properties are not stored state the model codes.
    static func all(in members: MemberBlockItemListSyntax) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isStoredInstance(variable) else { continue }
            let attributes = MappingAttributes(variable.attributes)
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock.map(isObserving) ?? true
                else { continue }
                let identifier = pattern.identifier.text
                // In `var a, b: Int` the type written last applies to the bindings before it.
                let type = binding.typeAnnotation?.type ?? (binding.initializer == nil
                    ? bindings[(position + 1)...].lazy.compactMap(\.typeAnnotation).first?.type : nil)
                properties.append(
                    StoredProperty(
                        identifier: identifier, name: identifier.filter { $0 != "`" },
                        declaration: variable, binding: binding, type: type?.trimmed,
                        isLet: variable.bindingSpecifier.tokenKind == .keyword(.let),
                        hasInitializer: binding.initializer != nil,
                        keys: attributes.keys, keyAttribute: attributes.key,
                        transformer: attributes.transformer, transformerValueType: attributes.transformerValueType,
                        isUncodable: attributes.isUncodable, polymorphism: attributes.polymorphism,
                        codingName: identifier.filter { $0 != "`" }))
            }
        }
        return properties
    }

    /// Whether a `var`/`let` declares instance state: not `static`, `class` or `lazy`, and each
    /// binding without accessors other than observers.
    static func isStoredInstance(_ variable: VariableDeclSyntax) -> Bool {
        let excluded: Set<String> = ["static", "class", "lazy"]
        if variable.modifiers.contains(where: { excluded.contains($0.name.text) }) { return false }
        return variable.bindings.allSatisfy { $0.accessorBlock.map(isObserving) ?? true }
    }

    /// Whether accessors are only `willSet`/`didSet` observers (the property is still stored).
    private static func isObserving(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}

/// The model macros' attributes on one declaration.
struct MappingAttributes {
    var key: AttributeSyntax?
    var keys: [ExprSyntax] = []
    var transform: AttributeSyntax?
    var transformer: ExprSyntax?
    var transformerValueType: ExprSyntax?
    var uncodable: AttributeSyntax?
    var isUncodable: Bool { uncodable != nil }
    var polymorphic: AttributeSyntax?
    var polymorphism: ExprSyntax?

    init(_ attributes: AttributeListSyntax) {
        for case .attribute(let attribute) in attributes {
            let arguments = attribute.arguments.flatMap { $0.as(LabeledExprListSyntax.self) }.map(Array.init) ?? []
            switch Self.name(of: attribute) {
            case "Key" where key == nil:
                key = attribute
                keys = arguments.map(\.expression)
            case "Transform" where transform == nil:
                transform = attribute
                transformer = arguments.first { $0.label == nil }?.expression
                transformerValueType = arguments.first { $0.label?.text == "as" }?.expression
            case "Polymorphic" where polymorphic == nil:
                polymorphic = attribute
                polymorphism = arguments.first?.expression
            case "Uncodable":
                uncodable = attribute
            default:
                break
            }
        }
    }

    /// An attribute's unqualified name: `Key` for `@Key(…)` and `@BaseModelMacros.Key(…)`.
    static func name(of attribute: AttributeSyntax) -> String? {
        if let identifier = attribute.attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = attribute.attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// The names of the mapping attributes.
    static let names: Set<String> = ["Key", "Transform", "Uncodable", "Polymorphic"]
}
