import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The compile-time checks of a `@Model` type's declaration: defaults, remote keys, mapping
/// attributes and string tables. (The attributes' own placement is checked by
/// ``MappingAttributeMacro``.)
struct ModelChecks<Context: MacroExpansionContext> {
    let members: ModelMembers
    let memberBlock: MemberBlockItemListSyntax
    let context: Context

    init(members: ModelMembers, declaration: some DeclGroupSyntax, context: Context) {
        self.members = members
        self.memberBlock = declaration.memberBlock.members
        self.context = context
    }

    func diagnose() {
        checkDefaults()
        checkLets()
        checkAttributes()
        checkExistentials()
        checkRemoteKeys()
        checkStringTables()
    }

    /// A stored property without a default, unless the type writes its own `init()` or the
    /// property is a required `@Polymorphic` one with a placeholder for the generated `init()`.
    private func checkDefaults() {
        guard !members.declared.names.contains("init()") else { return }
        for property in members.properties where !property.hasDefault {
            if property.isRequired {
                if property.placeholder == nil {
                    context.diagnose(
                        Diagnostic(
                            node: property.binding.pattern,
                            message: ModelDiagnostic.requiredWithoutPlaceholder(property: property.name)))
                }
                continue
            }
            var fixIts: [FixIt] = []
            if let type = property.type, let value = Self.obviousDefault(of: type) {
                let trailing = property.binding.trailingTrivia
                var fixed = property.binding.with(\.trailingTrivia, [])
                fixed.initializer = InitializerClauseSyntax(
                    equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: ExprSyntax("\(raw: value)"))
                fixed = fixed.with(\.trailingTrivia, trailing)
                fixIts.append(
                    FixIt(
                        message: ModelFixIt.insertDefault(value),
                        changes: [.replace(oldNode: Syntax(property.binding), newNode: Syntax(fixed))]))
            }
            context.diagnose(
                Diagnostic(
                    node: property.binding.pattern, message: ModelDiagnostic.missingDefault(property: property.name),
                    fixIts: fixIts))
        }
    }

    /// The default a type obviously has: `""`, `0`, `false`, `[]`, `[:]`, `Data()`; `nil` when
    /// there is no obvious one (the message then asks for one).
    static func obviousDefault(of type: TypeSyntax) -> String? {
        if type.is(ArrayTypeSyntax.self) { return "[]" }
        if type.is(DictionaryTypeSyntax.self) { return "[:]" }
        let name: String
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
        } else if let member = type.as(MemberTypeSyntax.self) {
            name = member.name.text
        } else {
            return nil
        }
        switch name {
        case "String", "Substring": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "Double", "Float", "CGFloat", "Decimal", "TimeInterval":
            return "0"
        case "Bool": return "false"
        case "Data": return "Data()"
        case "Array", "Set", "ContiguousArray": return "[]"
        case "Dictionary": return "[:]"
        default: return nil
        }
    }

    /// A `let` with a default is written but, as with synthesized `Codable`, never read.
    private func checkLets() {
        var seen: Set<SyntaxIdentifier> = []
        for property in members.properties where property.isLet && property.hasInitializer && property.isCoded {
            guard seen.insert(property.declaration.id).inserted else { continue }
            let keyword = property.declaration.bindingSpecifier
            context.diagnose(
                Diagnostic(
                    node: keyword, message: ModelDiagnostic.letWithDefault(property: property.name),
                    fixIts: [
                        FixIt(
                            message: ModelFixIt.makeVar,
                            changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.var))))])
                    ]))
        }
    }

    /// A mapping attribute given twice, or with `@Uncodable`.
    private func checkAttributes() {
        var seen: Set<SyntaxIdentifier> = []
        for property in members.properties {
            let declaration = property.declaration
            guard seen.insert(declaration.id).inserted else { continue }
            var names: Set<String> = []
            let isUncodable = property.isUncodable
            for case .attribute(let attribute) in declaration.attributes {
                guard let name = MappingAttributes.name(of: attribute), MappingAttributes.names.contains(name) else { continue }
                let message: ModelDiagnostic
                if !names.insert(name).inserted {
                    message = .attributeRepeated(attribute: name)
                } else if isUncodable, name != "Uncodable" {
                    message = .attributeOnUncodable(attribute: name)
                } else if name == "Transform", property.polymorphism != nil {
                    message = .transformOnPolymorphic
                } else {
                    continue
                }
                context.diagnose(
                    Diagnostic(
                        node: attribute, message: message,
                        fixIts: [AttributeRemoval.fixIt(removing: attribute, named: name, from: declaration)]))
            }
        }
    }

    /// A coded property typed with a protocol existential and no `@Polymorphic`: nothing could
    /// decode it (the compiler would say only that `any P` is not `Decodable`). A type that codes
    /// itself decides how.
    private func checkExistentials() {
        guard !members.hasOwnCoding else { return }
        for property in members.properties where property.isCoded && property.isExistential && property.polymorphism == nil {
            context.diagnose(
                Diagnostic(
                    node: property.binding.pattern,
                    message: ModelDiagnostic.existentialWithoutPolymorphism(
                        property: property.name, type: property.type?.trimmedDescription ?? "")))
        }
    }

    /// Two properties written at one remote key path.
    private func checkRemoteKeys() {
        let keyCase: String?
        if let expression = members.keyCase {
            keyCase = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        } else {
            keyCase = "unchanged"
        }
        var owners: [[String]: StoredProperty] = [:]
        // (A `@Key` on a `var` of several properties is refused by the compiler.)
        for property in members.properties where property.isEncoded && (property.keys.isEmpty || property.declaration.bindings.count == 1) {
            let steps: [String]?
            if let key = property.keys.first {
                steps = RemoteKeySpelling.steps(of: key)
            } else {
                steps = keyCase.flatMap { RemoteKeySpelling.key(for: property.codingName, keyCase: $0) }.map { [$0] }
            }
            guard let steps else { continue }
            guard let owner = owners[steps] else {
                owners[steps] = property
                continue
            }
            context.diagnose(
                Diagnostic(
                    node: Self.mappingNode(of: property),
                    message: ModelDiagnostic.duplicateRemoteKey(
                        property: property.name, key: steps.joined(separator: "."), other: owner.name),
                    notes: [
                        Note(node: Self.mappingNode(of: owner), message: ModelNote.firstMappedHere(property: owner.name))
                    ]))
        }
    }

    /// Where a property's remote key is stated: its `@Key`, else its name.
    private static func mappingNode(of property: StoredProperty) -> Syntax {
        property.keyAttribute.map(Syntax.init) ?? Syntax(property.binding.pattern)
    }

    /// `keyPaths`, `transformers`, `uncodableKeys` or `polymorphism` written by hand: ignored for
    /// a `@Model` type.
    private func checkStringTables() {
        let tables: Set<String> = ["keyPaths", "transformers", "uncodableKeys", "polymorphism"]
        for member in memberBlock {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), tables.contains(pattern.identifier.text)
                else { continue }
                context.diagnose(Diagnostic(node: pattern, message: ModelDiagnostic.stringTable(name: pattern.identifier.text)))
            }
        }
    }
}
