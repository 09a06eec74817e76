/// A `Live` value, as the tree encoder sees it: a copy looks its instances up in the map they
/// belong to.
protocol LiveTreeEncoding {
    /// The map the instance belongs to; `nil` when it is detached.
    var owningMap: IdentityMap? { get }
}
