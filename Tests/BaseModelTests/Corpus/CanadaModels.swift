import BaseModel
import Foundation

// Models for the GeoJSON outline of Canada in `shared/corpus/json/canada.json`.
//
// This file is shared with the benchmark package, so it imports only BaseModel and Foundation
// and holds no test code. The file is one `FeatureCollection` with one `Polygon` feature: 480
// rings of 55,563 `[longitude, latitude]` points, almost all of them doubles (46 coordinates are
// written as whole numbers, which decode as doubles too). The keys are plain lower case, so the
// models use the default key case, and a plain `JSONDecoder()` decodes the same types.

/// The top level: a GeoJSON `FeatureCollection`.
struct CanadaFeatureCollection: Model, Equatable, Sendable {
    /// `"FeatureCollection"`.
    var type = ""
    var features: [CanadaFeature] = []
}

/// A GeoJSON `Feature`: a named shape.
struct CanadaFeature: Model, Equatable, Sendable {
    /// `"Feature"`.
    var type = ""
    /// `{"name": "Canada"}`.
    var properties: [String: String] = [:]
    var geometry = CanadaGeometry()
}

/// A GeoJSON `Polygon`: rings of `[longitude, latitude]` points.
struct CanadaGeometry: Model, Equatable, Sendable {
    /// `"Polygon"`.
    var type = ""
    /// The rings; each point is a two-element array.
    var coordinates: [[[Double]]] = []
}
