@testable import BaseModelMacrosImplementation
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expands the model macros in `source` the way the compiler does and records an issue for
/// each difference from `expandedSource`, the expected diagnostics, and the source after the
/// fix-its (`fixedSource`).
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [], fixedSource: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macroSpecs,
        fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column))
        },
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The macros as the client module declares them (`@Model` with its conformance).
private let macroSpecs: [String: MacroSpec] = [
    "Model": MacroSpec(type: ModelMacro.self, conformances: ["Model", "GeneratedCoding"]),
    "Key": MacroSpec(type: MappingAttributeMacro.self),
    "Transform": MacroSpec(type: MappingAttributeMacro.self),
    "Uncodable": MacroSpec(type: MappingAttributeMacro.self),
    "Polymorphic": MacroSpec(type: MappingAttributeMacro.self),
]
