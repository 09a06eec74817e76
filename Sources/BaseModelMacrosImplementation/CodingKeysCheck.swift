import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Checks the cases of the `CodingKeys` a `@Model` type declares itself: a case that names no
/// stored property is never read or written (synthesized `Codable` refuses it; the generated
/// coding would skip it silently).
///
/// The likely one is `case _theme = "theme"`, the work-around for `@Observable` classes under
/// synthesized `Codable`, which codes the storage `@Observable` makes. `@Model` codes the
/// property as written (`theme`), so the case must name it: the fix-it renames the case.
/// Types that write their own `init(from:)` or `encode(to:)` may use their keys as they like.
enum CodingKeysCheck {
    static func diagnose(members: ModelMembers, declaration: some DeclGroupSyntax, context: some MacroExpansionContext) {
        guard !members.hasOwnCoding,
            let keys = declaration.memberBlock.members.lazy.compactMap({ $0.decl.as(EnumDeclSyntax.self) }).first(where: { $0.name.text == "CodingKeys" })
        else { return }
        let names = Set(members.properties.map(\.name))
        for member in keys.memberBlock.members {
            guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in declaration.elements {
                let name = element.name.text.filter { $0 != "`" }
                guard !names.contains(name) else { continue }
                let property = String(name.dropFirst())
                guard name.hasPrefix("_"), names.contains(property) else {
                    context.diagnose(Diagnostic(node: element.name, message: CodingKeysDiagnostic.noSuchProperty(case: name)))
                    continue
                }
                let renamed = element.name.with(\.tokenKind, .identifier(property))
                context.diagnose(
                    Diagnostic(
                        node: element.name, message: CodingKeysDiagnostic.observableStorage(case: name, property: property),
                        fixIts: [
                            FixIt(
                                message: CodingKeysFixIt.rename(property),
                                changes: [.replace(oldNode: Syntax(element.name), newNode: Syntax(renamed))])
                        ]))
            }
        }
    }
}
