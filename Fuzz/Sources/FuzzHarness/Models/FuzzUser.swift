import BaseModel

/// An identified model, held as `Live<FuzzUser>`.
struct FuzzUser: IdentifiedModel {
    var id = 0
    var name = ""
    var followers: [Int] = []
}
