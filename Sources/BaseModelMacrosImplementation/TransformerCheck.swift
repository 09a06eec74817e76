import SwiftSyntax

/// The Swift type a transformer's values decode to, where the macro can tell: the built-in
/// transformers by name, any transformer given with `@Transform(t, as: Value.self)`.
///
/// The generated code states it as code the compiler checks against the property, so a
/// transformer that does not fit fails to compile with a message that names the property.
enum TransformerCheck {
    /// The property's type (or its optional) is this type.
    case type(String)
    /// The property's type is one of these.
    case oneOf([String])
    /// The property's type is a number.
    case numeric

    /// The check for a transformer expression and its optional `as:` value type; `nil` when the
    /// macro cannot know the type (a custom transformer without `as:`, `.reversed`).
    init?(transformer: ExprSyntax, valueType: ExprSyntax?) {
        if let valueType {
            guard let member = valueType.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else { return nil }
            self = .type(base.trimmedDescription)
            return
        }
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
            self.init(transformer: next, valueType: nil)
            return
        }
        guard member.base.map({ $0.trimmedDescription.hasSuffix("ModelTransformer") }) ?? true else { return nil }
        switch name {
        case "date", "iso8601", "iso8601WithFractionalSeconds", "secondsSince1970", "millisecondsSince1970",
            "secondsSinceReferenceDate":
            self = .type("Date")
        case "url": self = .oneOf(["URL", "String"])
        case "uuid": self = .oneOf(["UUID", "String"])
        case "numberToString": self = .type("String")
        case "stringToNumber": self = .numeric
        case "bool": self = .type("Bool")
        case "enumeration":
            guard let type = arguments?.first?.expression.as(MemberAccessExprSyntax.self),
                type.declName.baseName.text == "self", let base = type.base
            else { return nil }
            self = .type(base.trimmedDescription)
        default:
            return nil
        }
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
        }
    }
}
