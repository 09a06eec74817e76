import BaseModel

/// A class graph with back references (`BackReferencingModel`): a child's weak `parent` is
/// restored once the ancestor is built, and `link` may alias any folder of the graph.
final class FuzzFolder: Model, BackReferencingModel, @unchecked Sendable {
    var name = ""
    var children: [FuzzFolder] = []
    weak var parent: FuzzFolder?
    var link: FuzzFolder?
    required init() {}

    func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {
        guard key == "parent", let folder = object as? FuzzFolder else { return false }
        parent = folder
        return true
    }
}
