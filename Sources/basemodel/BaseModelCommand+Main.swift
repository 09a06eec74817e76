import ArgumentParser
import Foundation

extension BaseModelCommand {
    /// Runs the command line as argument-parser does, except that a usage error (an unknown
    /// option, a missing argument, a value that does not parse or validate) exits with status 2,
    /// as plutil and most Unix tools do, instead of argument-parser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
            Foundation.exit(CommandSupport.usageError.rawValue)
        }
    }
}
