import BaseModelPostgres

/// A ticket keyed by code, under the type name `Ticket`: the integer 42 and the string "42" are
/// two rows.
struct TicketCode: IdentifiedModel, Equatable {
    var id = ""
    var seat = ""
    static var typeName: String { "Ticket" }
}
