import SwiftSyntax

/// The remote path a property is written at, as far as the macro can read it from the source:
/// what finds two properties mapped to one remote key. These rules restate `RemoteKeyPath` and
/// `KeyCase` of BaseModel, which the plug-in cannot link (it runs inside the compiler);
/// `RemoteKeySpellingTests` checks that both give the same keys.
enum RemoteKeySpelling {
    /// The steps of the path written when encoding, for a `@Key` argument that is a string
    /// literal (a dotted path with backslash escapes) or `.key("…")` (one literal key); `nil` for
    /// anything else.
    static func steps(of expression: ExprSyntax) -> [String]? {
        if let literal = expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue {
            return parse(text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "key",
            call.arguments.count == 1, let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
            let text = literal.representedLiteralValue
        {
            return [text]
        }
        return nil
    }

    /// A dotted path's steps: dots separate keys, a backslash keeps the next character literal.
    static func parse(_ path: String) -> [String] {
        var steps: [String] = []
        var current = ""
        var escaping = false
        for character in path {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                steps.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        steps.append(current)
        return steps
    }

    /// The remote key of a property name in a key case given as `.snakeCase` (the case's name);
    /// `nil` for a key case the macro cannot read (not a literal case).
    static func key(for name: String, keyCase: String) -> String? {
        switch keyCase {
        case "unchanged": name
        case "snakeCase": separated(name, by: "_")
        case "kebabCase": separated(name, by: "-")
        case "pascalCase": name.prefix(1).uppercased() + name.dropFirst()
        default: nil
        }
    }

    /// camelCase words joined lower-cased by `separator`: `userID` → `user_id`,
    /// `URLString` → `url_string`, `createdAt2` → `created_at2`.
    private static func separated(_ name: String, by separator: Character) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result.append(separator)
                }
            }
            result += character.lowercased()
        }
        return result
    }
}
