import BaseModelPostgres

/// A ticket keyed by number; saved under the same type name as ``TicketCode``.
struct Ticket: IdentifiedModel, Equatable {
    var id = 0
    var seat = ""
}
