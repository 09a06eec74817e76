import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Model`: makes a struct or class a `BaseModel.Model` whose schema is known at compile time.
///
/// A struct gets its schema in its body (where the expressions of the source mean what they
/// mean there) and its coding in an extension with the conformance (so its memberwise
/// initializer stays). A class gets every member in its body, where `required` initializers and
/// overridable `class var`s must be, and the conformance in an extension; a subclass inherits
/// the conformance.
package struct ModelMacro: MemberMacro, ExtensionMacro {
    package static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let shape = ModelShape(declaration) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAStructOrClass(kind: kindName(declaration))))
            return []
        }
        let members = makeMembers(of: declaration, shape: shape, attribute: node)
        ModelChecks(members: members, declaration: declaration, context: context).diagnose()
        CodingKeysCheck.diagnose(members: members, declaration: declaration, context: context)
        return shape.isClass ? members.schemaDeclarations + members.codingDeclarations : members.schemaDeclarations
    }

    package static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The compiler lists in `protocols` those of `Model` and `GeneratedCoding` the type does
        // not conform to already (it names one, or it is a subclass of a model). Each is named:
        // naming `GeneratedCoding` alone does not conform the type to `Model`, which it refines.
        guard let shape = ModelShape(declaration), !shape.isSubclass else { return [] }
        let model = makeMembers(of: declaration, shape: shape, attribute: node)
        let missing = Set(protocols.map { $0.trimmed.description.split(separator: ".").last.map(String.init) ?? "" })
        let names = ["Model", "GeneratedCoding"].filter { missing.contains($0) && ($0 == "Model" || model.conformsToGeneratedCoding) }
        let conformance = names.isEmpty ? "" : ": " + names.map { "BaseModel." + $0 }.joined(separator: ", ")
        guard shape.kind == .structure else {
            return conformance.isEmpty ? [] : [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: conformance) {}")]
        }
        let members = model.codingDeclarations
        let body = members.map { member in
            member.trimmedDescription.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
        return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: conformance) {\n\(raw: body)\n}")]
    }

    private static func makeMembers(
        of declaration: some DeclGroupSyntax, shape: ModelShape, attribute: AttributeSyntax
    ) -> ModelMembers {
        let arguments = attribute.arguments.flatMap { $0.as(LabeledExprListSyntax.self) }.map(Array.init) ?? []
        return ModelMembers(
            shape: shape, properties: StoredProperty.all(in: declaration.memberBlock.members),
            keyCase: arguments.first { $0.label?.text == "keyCase" }?.expression.trimmed,
            coercion: arguments.first { $0.label?.text == "coercion" }?.expression.trimmed,
            declared: DeclaredMembers(declaration.memberBlock.members))
    }

    /// "an enum", "a protocol", … for the message of a misplaced `@Model`.
    private static func kindName(_ declaration: some DeclGroupSyntax) -> String {
        if declaration.is(EnumDeclSyntax.self) { return "an enum" }
        if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
        if declaration.is(ActorDeclSyntax.self) { return "an actor" }
        if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
        return "this declaration"
    }
}
