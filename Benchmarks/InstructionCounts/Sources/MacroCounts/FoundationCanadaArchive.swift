import Foundation

// Foundation's side of the keyed-archive routes for canada: a class per model of
// `FoundationCanadaModels.swift` that NSKeyedUnarchiver builds from our archive of the file
// (`setClass(_:forClassName:)` maps the archive's class names to these), each holding the
// Foundation twin it read. See `ArchiveTwin.swift`.

final class CanadaFeatureCollectionArchive: NSObject, ArchiveTwin {
    let value: FCanadaFeatureCollection

    init(_ value: FCanadaFeatureCollection) { self.value = value }

    init?(coder: NSCoder) {
        value = FCanadaFeatureCollection(
            type: coder.string("type"),
            features: coder.models("features", CanadaFeatureArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.type, forKey: "type")
        coder.encode(value.features.map(CanadaFeatureArchive.init), forKey: "features")
    }
}

final class CanadaFeatureArchive: NSObject, ArchiveTwin {
    let value: FCanadaFeature

    init(_ value: FCanadaFeature) { self.value = value }

    init?(coder: NSCoder) {
        value = FCanadaFeature(
            type: coder.string("type"),
            properties: coder.strings("properties"),
            geometry: coder.model("geometry", CanadaGeometryArchive.self))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.type, forKey: "type")
        coder.encode(value.properties, forKey: "properties")
        coder.encode(CanadaGeometryArchive(value.geometry), forKey: "geometry")
    }
}

final class CanadaGeometryArchive: NSObject, ArchiveTwin {
    let value: FCanadaGeometry

    init(_ value: FCanadaGeometry) { self.value = value }

    init?(coder: NSCoder) {
        value = FCanadaGeometry(
            type: coder.string("type"),
            coordinates: coder.rings("coordinates"))
    }

    func encode(with coder: NSCoder) {
        coder.encode(value.type, forKey: "type")
        coder.encode(value.coordinates, forKey: "coordinates")
    }
}
