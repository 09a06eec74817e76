import BaseModel

/// A child class model: decoded as a shared instance when a typed format aliases it.
final class FuzzOwner: Model, @unchecked Sendable {
    var name = ""
    var age = 0
    var friend: FuzzOwner?
    var pets: [FuzzItem] = []
    required init() {}
}
