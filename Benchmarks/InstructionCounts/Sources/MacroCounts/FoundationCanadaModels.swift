import Foundation

// `CanadaModels.swift` as plain `Codable` structs (prefix F) for Foundation's coders: the same
// fields, and conformances that the compiler synthesizes.

struct FCanadaFeatureCollection: Codable, Equatable, Sendable {
    var type = ""
    var features: [FCanadaFeature] = []
}

struct FCanadaFeature: Codable, Equatable, Sendable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = FCanadaGeometry()
}

struct FCanadaGeometry: Codable, Equatable, Sendable {
    var type = ""
    var coordinates: [[[Double]]] = []
}
