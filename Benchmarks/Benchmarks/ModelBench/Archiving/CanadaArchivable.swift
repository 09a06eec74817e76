import Foundation

// NSCoding mirrors of the canada.json models (CanadaModels.swift), for the NSKeyedArchiver
// benchmarks only. Each holds the same data as its model and converts both ways.

final class CanadaFeatureCollectionObject: NSObject, NSCoding {
    var type: String
    var features: [CanadaFeatureObject]

    init(_ model: CanadaFeatureCollection) {
        type = model.type
        features = model.features.map(CanadaFeatureObject.init)
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

final class CanadaFeatureObject: NSObject, NSCoding {
    var type: String
    var properties: [String: String]
    var geometry: CanadaGeometryObject

    init(_ model: CanadaFeature) {
        type = model.type
        properties = model.properties
        geometry = CanadaGeometryObject(model.geometry)
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
        guard let geometry = coder.object("geometry") as? CanadaGeometryObject else { return nil }
        self.geometry = geometry
    }
}

final class CanadaGeometryObject: NSObject, NSCoding {
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
        coordinates = coder.object("coordinates") as? [[[Double]]] ?? []
    }
}
