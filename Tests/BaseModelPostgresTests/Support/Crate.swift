import BaseModelPostgres
import Foundation

/// A model whose encoding fails when its label is ``unencodable``: a batch holding one fails
/// halfway through encoding, in every store.
struct Crate: IdentifiedModel, Equatable {
    static let unencodable = "unencodable"

    var id = 0
    var label = ""

    private enum CodingKeys: String, CodingKey {
        case id, label
    }

    init() {}

    init(id: Int, label: String) {
        self.id = id
        self.label = label
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? 0
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? ""
    }

    func encode(to encoder: any Encoder) throws {
        guard label != Self.unencodable else {
            throw EncodingError.invalidValue(
                label, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "crate \(id) refuses to be encoded"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
    }
}
