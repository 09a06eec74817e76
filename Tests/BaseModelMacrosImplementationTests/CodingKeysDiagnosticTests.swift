import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The cases of a `@Model` type's own `CodingKeys` that name no stored property: `@Observable`'s
/// storage (`_theme`, the work-around for synthesized `Codable`), renamed by a fix-it, and any
/// other name.
@Suite struct CodingKeysDiagnosticTests {
    @Test func aCaseNamingObservableStorageIsRenamedToTheProperty() {
        assertExpansion(
            """
            @Model final class Settings {
                var theme = "light"
                enum CodingKeys: String, CodingKey {
                    case _theme = "theme"
                }
            }
            """,
            // Until the case is renamed `theme` has no key: it is neither read nor written.
            expandedSource: """
            final class Settings {
                var theme = "light"
                enum CodingKeys: String, CodingKey {
                    case _theme = "theme"
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("theme", isUncodable: true),
                    ])
                }

                init() {
                }

                init(from decoder: any Decoder) throws {
                    _ = try decoder.container(keyedBy: CodingKeys.self)
                }

                func encode(to encoder: any Encoder) throws {
                    _ = encoder.container(keyedBy: CodingKeys.self)
                }

                func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                }
            }

            extension Settings: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'_theme' is the storage @Observable makes for 'theme': @Model codes 'theme' itself, so the case must name it",
                    line: 4, column: 14, fixIts: [FixItSpec(message: "rename the case 'theme'")])
            ],
            fixedSource: """
            @Model final class Settings {
                var theme = "light"
                enum CodingKeys: String, CodingKey {
                    case theme = "theme"
                }
            }
            """)
    }

    @Test func aCaseNamingNoPropertyIsReported() {
        assertExpansion(
            """
            @Model struct Game {
                var name = ""
                enum CodingKeys: String, CodingKey {
                    case name, title
                }
            }
            """,
            expandedSource: """
            struct Game {
                var name = ""
                enum CodingKeys: String, CodingKey {
                    case name, title
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("name"),
                    ])
                }
            }

            extension Game: BaseModel.Model, BaseModel.GeneratedCoding {
                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.name = try decoded(.name)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .name)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.name)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.name)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "CodingKeys case 'title' names no stored property: it is never read or written", line: 4, column: 20)
            ])
    }
}
