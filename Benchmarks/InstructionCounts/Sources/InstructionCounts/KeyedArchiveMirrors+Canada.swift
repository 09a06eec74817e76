import Foundation

// NSSecureCoding mirrors of the canada.json models (CanadaModels.swift) for the NSKA- routes: the same
// properties and types as the models, read back with `decodeObject(of:forKey:)` per object property
// and `decodeInt64`/`decodeInteger`/`decodeDouble`/`decodeBool` per scalar (NSCoder+SecureReading.swift).
// Each converts both ways, so a decoded graph can be checked against the model. Made from the
// ModelBench mirrors (Benchmarks/Benchmarks/ModelBench/Archiving/), which use non-secure coding.

final class CanadaFeatureCollectionMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var type: String
    var features: [CanadaFeatureMirror]

    init(_ model: CanadaFeatureCollection) {
        type = model.type
        features = model.features.map(CanadaFeatureMirror.init)
    }

    var model: CanadaFeatureCollection { CanadaFeatureCollection(type: type, features: features.map(\.model)) }

    func encode(with coder: NSCoder) {
        coder.encode(type, forKey: "type")
        coder.encode(features, forKey: "features")
    }

    init?(coder: NSCoder) {
        type = coder.string("type")
        features = coder.objects("features")
    }
}

final class CanadaFeatureMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var type: String
    var properties: [String: String]
    var geometry: CanadaGeometryMirror

    init(_ model: CanadaFeature) {
        type = model.type
        properties = model.properties
        geometry = CanadaGeometryMirror(model.geometry)
    }

    var model: CanadaFeature { CanadaFeature(type: type, properties: properties, geometry: geometry.model) }

    func encode(with coder: NSCoder) {
        coder.encode(type, forKey: "type")
        coder.encode(properties, forKey: "properties")
        coder.encode(geometry, forKey: "geometry")
    }

    init?(coder: NSCoder) {
        type = coder.string("type")
        properties = coder.strings("properties")
        guard let geometry = coder.object("geometry", of: CanadaGeometryMirror.self) else { return nil }
        self.geometry = geometry
    }
}

final class CanadaGeometryMirror: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var type: String
    var coordinates: [[[Double]]]

    init(_ model: CanadaGeometry) {
        type = model.type
        coordinates = model.coordinates
    }

    var model: CanadaGeometry { CanadaGeometry(type: type, coordinates: coordinates) }

    func encode(with coder: NSCoder) {
        coder.encode(type, forKey: "type")
        coder.encode(coordinates, forKey: "coordinates")
    }

    init?(coder: NSCoder) {
        type = coder.string("type")
        coordinates = coder.secureObject("coordinates", [NSArray.self, NSNumber.self]) as? [[[Double]]] ?? []
    }
}
