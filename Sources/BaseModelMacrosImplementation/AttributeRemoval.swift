import SwiftDiagnostics
import SwiftSyntax

/// The fix-it that removes one attribute from a declaration.
enum AttributeRemoval {
    static func fixIt(removing attribute: AttributeSyntax, named name: String, from declaration: VariableDeclSyntax) -> FixIt {
        FixIt(
            message: ModelFixIt.removeAttribute(name),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(removing(attribute, from: declaration)))])
    }

    /// `declaration` without `attribute`; what stood before the attribute (its indentation) moves
    /// to what follows it.
    static func removing(_ attribute: AttributeSyntax, from declaration: VariableDeclSyntax) -> VariableDeclSyntax {
        var elements = Array(declaration.attributes)
        // A macro gets its attribute apart from the declaration it is attached to: then the
        // attribute is found by its text.
        guard
            let index = elements.firstIndex(where: { Syntax($0).id == attribute.id })
                ?? elements.firstIndex(where: { $0.trimmedDescription == attribute.trimmedDescription })
        else { return declaration }
        let leading = elements[index].leadingTrivia
        elements.remove(at: index)
        var result = declaration.with(\.attributes, AttributeListSyntax(elements))
        if index < elements.count {
            result.attributes[result.attributes.index(result.attributes.startIndex, offsetBy: index)].leadingTrivia = leading
        } else {
            // The attribute was the last one: the modifiers or `var` take its place.
            if var first = result.modifiers.first {
                first.leadingTrivia = leading
                result.modifiers = DeclModifierListSyntax([first] + result.modifiers.dropFirst())
            } else {
                result.bindingSpecifier.leadingTrivia = leading
            }
        }
        return result
    }
}
