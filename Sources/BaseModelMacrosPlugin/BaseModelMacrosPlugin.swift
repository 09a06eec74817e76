import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in: the macros the `BaseModelMacros` module declares.
///
/// The compiler finds a macro by the module its type is declared in, which must be this
/// plug-in's module; the types here hand each expansion to `BaseModelMacrosImplementation`, a
/// library, so that its tests build for the target like every other test (a test that
/// depends on a macro target makes SwiftPM build the whole test product, and everything it
/// links, a second time for the host).
@main
struct BaseModelMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ModelMacro.self, MappingAttributeMacro.self]
}
