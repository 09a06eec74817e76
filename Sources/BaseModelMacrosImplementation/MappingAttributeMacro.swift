import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key`, `@Transform` and `@Uncodable`: markers that `@Model` reads. Expanding them adds
/// nothing; it reports an attribute where it has no effect: on a computed, static or
/// non-property declaration, or in a type without `@Model`. (The compiler refuses them on a
/// `var` that declares several properties.)
package struct MappingAttributeMacro: PeerMacro {
    package static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name = MappingAttributes.name(of: node) ?? "Key"
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.attributeNotOnProperty(attribute: name)))
            return []
        }
        let message: ModelDiagnostic
        if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
            message = .attributeOnStaticProperty(attribute: name)
        } else if !StoredProperty.isStoredInstance(variable) {
            message = .attributeOnComputedProperty(attribute: name)
        } else if let type = enclosingType(in: context), !hasModelAttribute(type) {
            message = .attributeOutsideModel(attribute: name)
        } else {
            return []
        }
        let fixIts = message.removesAttribute ? [AttributeRemoval.fixIt(removing: node, named: name, from: variable)] : []
        context.diagnose(Diagnostic(node: node, message: message, fixIts: fixIts))
        return []
    }

    /// The innermost type or extension around the attributed declaration.
    private static func enclosingType(in context: some MacroExpansionContext) -> Syntax? {
        context.lexicalContext.first { $0.asProtocol(DeclGroupSyntax.self) != nil }
    }

    private static func hasModelAttribute(_ type: Syntax) -> Bool {
        guard let group = type.asProtocol(DeclGroupSyntax.self) else { return false }
        return group.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return MappingAttributes.name(of: attribute) == "Model"
        }
    }
}
