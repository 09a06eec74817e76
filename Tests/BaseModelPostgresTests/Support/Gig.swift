import BaseModelPostgres

/// A model whose property lives under a remote key path of several steps, with an array and
/// an optional: what a query by property name maps to nested dictionaries.
struct Gig: IdentifiedModel, Equatable {
    var id = 0
    var city = ""
    var tags: [String] = []
    var headliner: String?
    var cache = ""

    static let keyPaths: [String: RemoteKeyPath] = ["city": "venue.address.city"]
    static let uncodableKeys: Set<String> = ["cache"]

    /// A computed property, which no query can name.
    var isTagged: Bool { !tags.isEmpty }

    static let samples: [Gig] = [
        Gig(id: 1, city: "Paris", tags: ["jazz", "late"], headliner: "Nina"),
        Gig(id: 2, city: "Lyon", tags: ["jazz"]),
        Gig(id: 3, city: "Paris", tags: ["folk"], headliner: "Joan"),
    ]
}
