import BaseModelCrypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's password: `BASEMODEL_PASSWORD`, else asked once on the terminal without
/// echo. Never taken from an argument, where other users could see it in the process list.
enum PasswordPrompt {
    /// The environment variable holding the password.
    static let variable = "BASEMODEL_PASSWORD"

    private static let asked = Locked<String?>(nil)

    /// The environment, then the prompt.
    static let provider = PasswordProvider { typeName in
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
        return ask(for: typeName)
    }

    /// Asks on the terminal (once per run), or gives `nil` when standard input is not a terminal.
    static func ask(for typeName: String?) -> String? {
        if let known = asked.withLock({ $0 }) { return known }
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        FileHandle.standardError.write(Data("Password\(typeName.map { " for \($0)" } ?? ""): ".utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        let line = readLine(strippingNewline: true)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line, !line.isEmpty else { return nil }
        asked.withLock { $0 = line }
        return line
    }
}
