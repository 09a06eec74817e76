import Foundation

/// Where each property of a model lives among the values of one class's objects: the class
/// definition's key positions seen through the model's remote keys, worked out once per
/// (class, model) pair and then looked up by property name.
///
/// Objects of one class ask for their properties in the same order, so the table also learns
/// that order from the first object and answers later ones by position, with one string
/// comparison instead of a hash.
final class FastKeyTable {
    /// Where a property is.
    enum Place {
        /// The object's value at this position.
        case value(Int)
        /// The object's value at this position, read through the property's transformer.
        case transformed(Int, ModelTransformer)
        /// Not in the class: the property takes its default.
        case missing
        /// Read in a way only the tree path does (a remote key path of several steps).
        case unsupported
    }

    private let positions: [String: Int]
    private let schema: ModelSchema
    private var places: [String: Place] = [:]
    private var order: [(name: String, place: Place)] = []

    init(positions: [String: Int], schema: ModelSchema) {
        self.positions = positions
        self.schema = schema
    }

    /// Where property `name` is, for the `request`-th property asked of the current object.
    @inline(__always)
    func place(of name: String, request: Int) -> Place {
        if request < order.count, order[request].name == name { return order[request].place }
        let place = lookUp(name)
        if request == order.count { order.append((name, place)) }
        return place
    }

    private func lookUp(_ name: String) -> Place {
        if let known = places[name] { return known }
        let plan = schema.plan(for: name)
        let place: Place
        if plan.isUncodable {
            place = .missing
        } else if let key = plan.singleKey {
            if let position = positions[key] {
                place = plan.transformer.map { .transformed(position, $0) } ?? .value(position)
            } else {
                place = .missing
            }
        } else {
            place = .unsupported
        }
        places[name] = place
        return place
    }
}
