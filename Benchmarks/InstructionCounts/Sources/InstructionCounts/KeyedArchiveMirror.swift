import BaseModel
import Foundation

/// An NSSecureCoding class holding the same data as a model (KeyedArchiveMirrors+*.swift), for the
/// `NSKA-` routes: made from the decoded model before the timed loop, and turned back into the
/// model to check that Foundation's archive round trip gives the same values.
protocol KeyedArchiveMirror: NSObject, NSSecureCoding {
    associatedtype Mirrored: Model & Equatable
    init(_ model: Mirrored)
    var model: Mirrored { get }

    /// Each model type of the graph and its mirror class, to read our own archives with
    /// `NSKeyedUnarchiver` (their `$classname`s are the models' names).
    static var mirrorClasses: [(model: any Model.Type, mirror: AnyClass)] { get }
}

extension TwitterSearchMirror: KeyedArchiveMirror {
    static var mirrorClasses: [(model: any Model.Type, mirror: AnyClass)] {
        [
            (TwitterSearch.self, TwitterSearchMirror.self), (SearchMetadata.self, SearchMetadataMirror.self),
            (Status.self, StatusMirror.self), (StatusMetadata.self, StatusMetadataMirror.self), (User.self, UserMirror.self),
            (UserEntities.self, UserEntitiesMirror.self), (URLEntities.self, URLEntitiesMirror.self),
            (Entities.self, EntitiesMirror.self), (Hashtag.self, HashtagMirror.self), (URLEntity.self, URLEntityMirror.self),
            (UserMention.self, UserMentionMirror.self), (Media.self, MediaMirror.self), (MediaSizes.self, MediaSizesMirror.self),
            (MediaSize.self, MediaSizeMirror.self),
        ]
    }
}

extension CitmCatalogMirror: KeyedArchiveMirror {
    static var mirrorClasses: [(model: any Model.Type, mirror: AnyClass)] {
        [
            (CitmCatalog.self, CitmCatalogMirror.self), (Event.self, EventMirror.self), (Performance.self, PerformanceMirror.self),
            (Price.self, PriceMirror.self), (SeatCategory.self, SeatCategoryMirror.self), (Area.self, AreaMirror.self),
        ]
    }
}

extension CanadaFeatureCollectionMirror: KeyedArchiveMirror {
    static var mirrorClasses: [(model: any Model.Type, mirror: AnyClass)] {
        [
            (CanadaFeatureCollection.self, CanadaFeatureCollectionMirror.self), (CanadaFeature.self, CanadaFeatureMirror.self),
            (CanadaGeometry.self, CanadaGeometryMirror.self),
        ]
    }
}
