import Foundation
import Testing

/// What the compiler itself reports for a mistake the macro cannot see: a transformer that does
/// not fit its property and a superclass that is not a `@Model` class fail to type-check in the
/// generated code, each with a message that names the property or the superclass. The sources
/// below are type-checked by `swiftc` with this build's modules and macro plug-in.
@Suite(.enabled(if: CompilerRun.isAvailable, CompilerRun.unavailableMessage))
struct CompileTimeCheckTests {
    @Test("mistakes the macro cannot see fail to compile, naming the property or the superclass")
    func mistakesFailToCompile() throws {
        let run = try CompilerRun.typeCheck(
            """
            import BaseModelMacros
            import Foundation

            @Model struct WrongDate {
                @Transform(.date(format: "yyyy")) var releaseDate = 0
            }

            @Model struct WrongNumber {
                @Transform(.stringToNumber) var score = ""
            }

            @Model struct WrongURL {
                @Transform(.url) var homepage = 0
            }

            extension ModelTransformer {
                static let cents = ModelTransformer.stringToNumber
            }

            @Model struct WrongDeclaredType {
                @Transform(.cents, as: Int.self) var price = ""
            }

            extension ModelTransformer {
                static let gameDate = ModelTransformer.date(format: "MM-dd-yyyy")
            }

            @Model struct WrongNamedTransformer {
                @Transform(.gameDate) var count = 0
            }

            @Model struct WrongEnumeration {
                @Transform(.enumeration(Kind.self)) var kind = ""
            }

            enum Kind: String, Codable, Sendable { case game, book }

            @Model struct UntypedWithoutAs {
                @Transform(.iso8601.reversed) var stamp = ""
            }

            class NotAModel {}

            @Model final class Orphan: NotAModel {
                var name = ""
            }

            class MacroFreeModel: Model {
                var name = ""
                required init() {}
            }

            @Model final class OnMacroFreeModel: MacroFreeModel {
                var extra = ""
            }

            @Model struct NoDefault {
                var id: String
            }
            """)
        #expect(run.status != 0)
        for message in [
            "cannot convert value of type '(Int, ())' to specified type '(releaseDate: Date?, transformer: Void)'",
            "local function 'score' requires that 'String' conform to 'Numeric'",
            "no exact matches in call to local function 'homepage'",
            "cannot convert value of type '(String, ())' to specified type '(price: Int?, transformer: Void)'",
            // A named transformer's type says which properties it is for (issue 30).
            "member 'gameDate' in 'ModelTransformer.Typed<Int>' produces result of type 'ModelTransformer.Typed<Date>', but context expects 'ModelTransformer.Typed<Int>'",
            "cannot convert value of type '(String, ())' to specified type '(kind: Kind?, transformer: Void)'",
            // A transformer whose type does not say needs `as:`.
            "produces result of type 'ModelTransformer'",
            "local function 'superclassIsAModel' requires that 'NotAModel' conform to 'Model'",
            // A macro-free model class has no `declaredProperties` to override.
            "property does not override any property from its superclass",
            "stored property 'id' has no default: add a default: it is the value a missing key keeps",
        ] {
            #expect(run.output.contains(message), "missing: \(message)\n\(run.output)")
        }
    }

    @Test("the README's model compiles without a warning, with a subclass and a value that is not Codable")
    func correctModelsCompileCleanly() throws {
        let run = try CompilerRun.typeCheck(
            """
            import BaseModelMacros
            import Foundation

            @Model struct Game {
                @Key("game_id") var id = ""
                var name = ""
                @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
                @Key("venue.address.city") var city = ""
                @Key("images.0.url") var thumbnail: URL?
                @Uncodable var cache: [String: Int] = [:]
                @Uncodable var onChange: (() -> Void)?
            }

            @Model class Animal { var name = "" }
            @Model final class Dog: Animal { var breed = "" }

            enum Level: Int, Codable, Sendable { case low = 1, high }

            extension ModelTransformer {
                static let gameDate = ModelTransformer.date(format: "MM-dd-yyyy")
                static let even = ModelTransformer.Typed<Int>(name: "even", decode: { $0 }, encode: { $0 })
                static let level = ModelTransformer.enumeration(Level.self, fallback: .low)
                static let amount = ModelTransformer.stringToNumber
            }

            @Model struct Release {
                @Transform(.gameDate) var announced: Date?
                @Transform(.gameDate) var shown = Date()
                @Transform(.even) var pairs = 0
                @Transform(.level) var level = Level.low
                @Transform(.stringToNumber.then(.even)) var count = 0
                @Transform(.amount, as: Double.self) var total = 0.0
                @Transform(.iso8601.reversed, as: String.self) var stamp = ""
                @Transform(.url) var homepage = ""
                @Transform(.url) var link: URL?
            }

            let game = Game(id: "93", name: "Okami")
            let table: [String: ModelTransformer] = ["a": .gameDate, "b": .even, "c": .stringToNumber.then(.even), "d": .url]
            """)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("warning:"), "\(run.output)")
    }
}
