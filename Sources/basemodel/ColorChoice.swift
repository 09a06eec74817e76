import ArgumentParser
import BaseModel
import Foundation

/// `--color auto|always|never`: whether `inspect` colours the tree, and the colours.
///
/// `auto` colours only when standard output is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org); `always` and `never` decide whatever they are.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether to colour, given the environment and whether standard output is a terminal.
    func isOn(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = isatty(STDOUT_FILENO) == 1
    ) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// The ANSI select-graphic-rendition parameters of each role: keys blue, strings green,
    /// numbers yellow, `true`/`false`/`null` magenta, dates and data cyan, a `$class` entry bold
    /// magenta, an `$alias` entry bold cyan.
    static func parameters(of role: ModelValue.DescriptionRole) -> String {
        switch role {
        case .key: "34"
        case .string: "32"
        case .number: "33"
        case .literal: "35"
        case .typed: "36"
        case .className: "1;35"
        case .alias: "1;36"
        }
    }

    /// `text` in the colour of `role`, reset after it (so a line cut from the text is whole).
    static func paint(_ role: ModelValue.DescriptionRole, _ text: String) -> String {
        "\u{1B}[\(parameters(of: role))m\(text)\u{1B}[0m"
    }
}
