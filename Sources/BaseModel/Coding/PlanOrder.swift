/// The properties a model type's `init(from:)` asks for, in the order it asks, learned from the
/// first object of the type in a decode. Later objects find each property's plan with one string
/// comparison instead of a hash (a synthesized `init(from:)` asks in the same order every time).
final class PlanOrder {
    let schema: ModelSchema
    @exclusivity(unchecked) private var learned: [(name: String, plan: PropertyPlan)] = []

    init(schema: ModelSchema) {
        self.schema = schema
    }

    /// The schema's constant defaults, looked up once per decode (`nil` inside when `init()`
    /// varies, e.g. a fresh identifier per instance).
    @exclusivity(unchecked) private var constantDefaults: ModelDefaults??

    /// The defaults of a new object of the model: the constant ones, or fresh ones.
    func defaults() -> ModelDefaults {
        if constantDefaults == nil { constantDefaults = .some(schema.constantDefaults()) }
        return constantDefaults! ?? schema.makeDefaults()
    }

    /// The plan of property `name`, the `request`-th property asked of the current object.
    @inline(__always)
    func plan(for name: String, request: Int) -> PropertyPlan {
        if request < learned.count, learned[request].name == name { return learned[request].plan }
        let plan = schema.plan(for: name)
        if request == learned.count { learned.append((name, plan)) }
        return plan
    }
}
