import BaseModelMacros
import Foundation
import Observation

/// `@Model` classes that are also `@Observable`: the model macro codes the properties as
/// written (`theme`), never the storage `@Observable` makes for them (`_theme`) nor its
/// registrar.
enum ObservableFixtures {
    /// A shared settings model observed property by property.
    @Model @Observable final class Settings: SharedModel {
        var theme = "light"
        var fontSize = 12
        /// Coded as any property; only Observation leaves it out.
        @ObservationIgnored var lastOpened = ""
        /// Observed, never coded.
        @Uncodable var scratch = 0

        static var saveFormat: ModelFormat { .json }
        static var saveFile: String { folder.appendingPathComponent("Settings.json").path }
        static var resourceFile: String { folder.appendingPathComponent("missing/Settings.plist").path }
        static let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObservableModelTests-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// The other order of the attributes, with mapping attributes on observed properties.
    @Observable @Model final class Profile {
        @Key("screen_name") var name = ""
        @Key("stats.followers") var followers = 0
        @Transform(.url) var homepage: URL?
    }

    /// An observable base class: its properties are observed in its subclasses too.
    @Model @Observable class Shape {
        var name = ""
    }

    /// A subclass without `@Observable`: its own properties are coded but not observed.
    @Model final class Square: Shape {
        var side = 0
    }

    /// An `@Observable` subclass of an `@Observable` model class: every property is observed.
    @Model @Observable final class Circle: Shape {
        var radius = 0.0
    }
}
