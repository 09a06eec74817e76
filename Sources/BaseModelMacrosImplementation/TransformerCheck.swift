import SwiftSyntax

/// How the generated code makes the compiler check that a transformer fits its property: by the
/// type `@Transform(t, as: Value.self)` states, by the name of a built-in transformer, or else by
/// the transformer's own type (`ModelTransformer.Typed<Date>`).
///
/// Each is code the compiler checks against the property, so a transformer that does not fit
/// fails to compile.
enum TransformerCheck {
    /// The property's type (or its optional) is this type.
    case type(String)
    /// The property's type is one of these.
    case oneOf([String])
    /// The property's type is a number.
    case numeric
    /// The transformer is a `ModelTransformer.Typed` of the property's type (or of the type its
    /// optional wraps).
    case typed(ExprSyntax)

    /// The check for a transformer expression and its optional `as:` value type; `nil` when
    /// `as:` is not a `Type.self` the macro can read.
    init?(transformer: ExprSyntax, valueType: ExprSyntax?) {
        if let valueType {
            guard let member = valueType.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else { return nil }
            self = .type(base.trimmedDescription)
            return
        }
        self = Self.builtIn(transformer) ?? .typed(transformer)
    }

    /// The check of a built-in transformer, known by its name: those that fit several types
    /// (`.url` a `URL` or a `String`, `.stringToNumber` any number), and those whose check names
    /// the property in its message; `nil` for any other transformer.
    private static func builtIn(_ transformer: ExprSyntax) -> TransformerCheck? {
        var expression = transformer
        var arguments: LabeledExprListSyntax?
        if let call = expression.as(FunctionCallExprSyntax.self) {
            expression = call.calledExpression
            arguments = call.arguments
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        // `a.then(b)` decodes what `b` decodes.
        if name == "then", member.base != nil, let next = arguments?.first?.expression {
            return builtIn(next)
        }
        guard member.base.map({ $0.trimmedDescription.hasSuffix("ModelTransformer") }) ?? true else { return nil }
        switch name {
        case "date", "iso8601", "iso8601WithFractionalSeconds", "secondsSince1970", "millisecondsSince1970",
            "secondsSinceReferenceDate":
            return .type("Date")
        case "url": return .oneOf(["URL", "String"])
        case "uuid": return .oneOf(["UUID", "String"])
        case "numberToString": return .type("String")
        case "stringToNumber": return .numeric
        case "bool": return .type("Bool")
        case "enumeration":
            guard let type = arguments?.first?.expression.as(MemberAccessExprSyntax.self),
                type.declName.baseName.text == "self", let base = type.base
            else { return nil }
            return .type(base.trimmedDescription)
        default:
            return nil
        }
    }

    /// The declarations the checks share, once before them.
    static let sharedStatements = [
        "func transformer<Value>(_ transformer: BaseModel.ModelTransformer.Typed<Value>, fits value: Value?) {}"
    ]

    /// Whether the check uses ``sharedStatements``.
    var usesSharedStatements: Bool {
        if case .typed = self { return true }
        return false
    }

    /// Statements that compile only when `model.<identifier>` fits, inside a function with a
    /// `model` parameter of the model's type; each failure names the property.
    func statements(for identifier: String) -> [String] {
        switch self {
        case .type(let type):
            // A mismatch reads: cannot convert value of type '(Int, ())' to specified type
            // '(releaseDate: Date?, transformer: Void)'.
            let label = identifier == "transformer" ? "transformerValue" : "transformer"
            return ["let _: (\(identifier): \(type)?, \(label): Void) = (model.\(identifier), ())"]
        case .oneOf(let types):
            // A mismatch reads: no exact matches in call to local function 'thumbnail'.
            return types.map { "func \(identifier)(_ value: \($0)?) {}" } + ["\(identifier)(model.\(identifier))"]
        case .numeric:
            // A mismatch reads: local function 'score' requires that 'String' conform to 'Numeric'.
            return ["func \(identifier)<Value: Numeric>(_ value: Value?) {}", "\(identifier)(model.\(identifier))"]
        case .typed(let transformer):
            // A mismatch reads: member 'gameDate' in 'ModelTransformer.Typed<Int>' produces result
            // of type 'ModelTransformer.Typed<Date>', but context expects
            // 'ModelTransformer.Typed<Int>'.
            return ["transformer(\(transformer.trimmedDescription), fits: model.\(identifier))"]
        }
    }
}
