import Foundation
import Testing

/// Shell completions come from argument-parser's generator, for every verb.
@Suite("basemodel's completion scripts")
struct CompletionScriptTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsAScriptNamingEveryVerb(_ shell: String) throws {
        let result = try BasemodelTool.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        for verb in ["inspect", "convert", "lint", "diff", "extract", "type", "set", "remove", "model"] {
            #expect(result.output.contains(verb), "\(shell): \(verb)")
        }
        #expect(result.output.contains("color"))
    }
}
