import BaseModelPostgres

/// Version 1 of a stored band: `name`.
struct Band: IdentifiedModel, Equatable {
    var id = 0
    var name = ""
}

/// Version 2: `name` became `title`. A query by `title` must find the version-1 rows too.
struct BandV2: IdentifiedModel, Equatable {
    var id = 0
    var title = ""
    static var typeName: String { "Band" }
    static var schemaVersion: Int { 2 }
    static var migrations: [Int: [ModelMigration]] { [1: [.move("name", to: "title")]] }
}
