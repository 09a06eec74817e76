/// An enum whose cases each carry one model, for a property with a ``Polymorphism``: the
/// property decodes the model the tag names and wraps it in its case, and encodes the case's
/// model with its tag.
///
/// ```swift
/// enum Shape: ModelCases {
///     case circle(Circle)
///     case square(Square)
///
///     init?(model: any Model) {
///         switch model {
///         case let circle as Circle: self = .circle(circle)
///         case let square as Square: self = .square(square)
///         default: return nil
///         }
///     }
///
///     var model: any Model {
///         switch self {
///         case .circle(let circle): circle
///         case .square(let square): square
///         }
///     }
/// }
///
/// struct Drawing: Model {
///     var shapes: [Shape] = []
///     static let polymorphism: [String: Polymorphism] = [
///         "shapes": .tag("type", ["circle": Circle.self, "square": Square.self]),
///     ]
/// }
/// ```
///
/// The `Codable` conformance Swift synthesizes for the enum serves Foundation's coders; the
/// engine reads and writes the tagged form. Decoding a model no case carries throws a
/// ``ModelError`` (``ModelError/Reason/typeMismatch(expected:found:)``) with its path.
public protocol ModelCases: Codable {
    /// The case that carries `model`, or `nil` when no case carries its type.
    init?(model: any Model)

    /// The model this case carries.
    var model: any Model { get }
}
