import BaseModelMacrosImplementation
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key`, `@Transform` and `@Uncodable`, expanded by
/// `BaseModelMacrosImplementation.MappingAttributeMacro`.
struct MappingAttributeMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try BaseModelMacrosImplementation.MappingAttributeMacro.expansion(
            of: node, providingPeersOf: declaration, in: context)
    }
}
