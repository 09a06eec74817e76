import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in: the macros the `BaseModelMacros` module declares.
@main
struct BaseModelMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ModelMacro.self, MappingAttributeMacro.self]
}
