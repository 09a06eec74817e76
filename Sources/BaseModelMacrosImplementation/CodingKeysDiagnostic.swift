import SwiftDiagnostics

/// The mistakes ``CodingKeysCheck`` reports in a `@Model` type's own `CodingKeys`.
enum CodingKeysDiagnostic: DiagnosticMessage {
    case noSuchProperty(case: String)
    case observableStorage(case: String, property: String)

    var message: String {
        switch self {
        case .noSuchProperty(let name):
            "CodingKeys case '\(name)' names no stored property: it is never read or written"
        case .observableStorage(let name, let property):
            "'\(name)' is the storage @Observable makes for '\(property)': @Model codes '\(property)' itself, so the case must name it"
        }
    }

    var severity: DiagnosticSeverity { .error }

    var diagnosticID: MessageID {
        switch self {
        case .noSuchProperty: MessageID(domain: "BaseModelMacros", id: "codingKeyWithoutProperty")
        case .observableStorage: MessageID(domain: "BaseModelMacros", id: "codingKeyForObservableStorage")
        }
    }
}

/// The fix-it of ``CodingKeysDiagnostic/observableStorage(case:property:)``.
enum CodingKeysFixIt: FixItMessage {
    case rename(String)

    var message: String {
        switch self {
        case .rename(let property): "rename the case '\(property)'"
        }
    }

    var fixItID: MessageID { MessageID(domain: "BaseModelMacros", id: "renameCodingKey") }
}
