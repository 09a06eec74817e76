import BaseModelMacros

// `CanadaModels.swift` with the macro.

extension MacroCorpus {
    @Model struct CanadaFeatureCollection: Equatable, Sendable {
        var type = ""
        var features: [CanadaFeature] = []
    }

    @Model struct CanadaFeature: Equatable, Sendable {
        var type = ""
        var properties: [String: String] = [:]
        var geometry = CanadaGeometry()
    }

    @Model struct CanadaGeometry: Equatable, Sendable {
        var type = ""
        var coordinates: [[[Double]]] = []
    }
}
