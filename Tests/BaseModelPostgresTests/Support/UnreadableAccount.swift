import BaseModelPostgres

/// Saved under the type name `Account` with followers as text: a row or file that is there but
/// does not decode as ``Account`` (models are strict: "many" never becomes a number).
struct UnreadableAccount: IdentifiedModel {
    var id = 0
    var followers = "many"
    static var typeName: String { "Account" }
}
