import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The mistakes the macros report, with their fix-its. (A transformer that does not fit its
/// property and a superclass that is not a model are reported by the compiler on the generated
/// code: `CompileTimeCheckTests` of `BaseModelMacrosTests`.)
@Suite struct DiagnosticTests {
    @Test func attributeOnComputedProperty() {
        assertExpansion(
            """
            @Model struct Game {
                var name = ""
                @Key("title") var title: String { name }
            }
            """,
            expandedSource: """
            struct Game {
                var name = ""
                var title: String { name }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("name"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case name
                }

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
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Key applies to stored properties: a computed property is never read or written", line: 3, column: 5, fixIts: [FixItSpec(message: "remove @Key")]),
            ],
            fixedSource: """
            @Model struct Game {
                var name = ""
                var title: String { name }
            }
            """)
    }

    @Test func attributeOnStaticProperty() {
        assertExpansion(
            """
            @Model struct Game {
                var name = ""
                @Transform(.iso8601) static var epoch: Date?
            }
            """,
            expandedSource: """
            struct Game {
                var name = ""
                static var epoch: Date?

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("name"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case name
                }

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
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Transform applies to instance properties: a static property is never read or written", line: 3, column: 5, fixIts: [FixItSpec(message: "remove @Transform")]),
            ],
            fixedSource: """
            @Model struct Game {
                var name = ""
                static var epoch: Date?
            }
            """)
    }

    @Test func attributeNotOnAProperty() {
        assertExpansion(
            """
            @Model struct Game {
                var name = ""
                @Uncodable func reset() {}
            }
            """,
            expandedSource: """
            struct Game {
                var name = ""
                func reset() {}

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("name"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case name
                }

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
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Uncodable applies to a stored property of a @Model type", line: 3, column: 5),
            ])
    }

    @Test func attributeOnSeveralPropertiesIsRefused() {
        assertExpansion(
            """
            @Model struct Point {
                @Key("p") var x = 0, y = 0
            }
            """,
            expandedSource: """
            struct Point {
                var x = 0, y = 0

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("x", key: "p"),
                        .init("y", key: "p"),
                    ])
                }
            }

            extension Point: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case x, y
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.x = try decoded(.x)
                    self.y = try decoded(.y)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.x, forKey: .x)
                    try container.encode(self.y, forKey: .y)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "peer macro can only be applied to a single variable", line: 2, column: 5),
            ])
    }

    @Test func attributeOutsideAModel() {
        assertExpansion(
            """
            struct Game: Model {
                @Key("game_id") var id = ""
            }
            """,
            expandedSource: """
            struct Game: Model {
                var id = ""
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Key has no effect outside a @Model type: add @Model to the type", line: 2, column: 5),
            ])
    }

    @Test func missingDefaults() {
        assertExpansion(
            """
            @Model struct Game {
                var id: String
                var score: Double // points
                var tags: [String]
                var venue: Venue
                let rating: Int?
                var note: String?
            }
            """,
            expandedSource: """
            struct Game {
                var id: String
                var score: Double // points
                var tags: [String]
                var venue: Venue
                let rating: Int?
                var note: String?

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id"),
                        .init("score"),
                        .init("tags"),
                        .init("venue"),
                        .init("rating", isOptional: true),
                        .init("note", isOptional: true),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case id, score, tags, venue, rating, note
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.id = try decoded(.id)
                    self.score = try decoded(.score)
                    self.tags = try decoded(.tags)
                    self.venue = try decoded(.venue)
                    self.rating = try decodedIfPresent(.rating)
                    self.note = try decodedIfPresent(.note)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                    try container.encode(self.score, forKey: .score)
                    try container.encode(self.tags, forKey: .tags)
                    try container.encode(self.venue, forKey: .venue)
                    try container.encodeIfPresent(self.rating, forKey: .rating)
                    try container.encodeIfPresent(self.note, forKey: .note)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "stored property 'id' has no default: add a default: it is the value a missing key keeps", line: 2, column: 9, fixIts: [FixItSpec(message: "insert the default '\"\"'")]),
                DiagnosticSpec(message: "stored property 'score' has no default: add a default: it is the value a missing key keeps", line: 3, column: 9, fixIts: [FixItSpec(message: "insert the default '0'")]),
                DiagnosticSpec(message: "stored property 'tags' has no default: add a default: it is the value a missing key keeps", line: 4, column: 9, fixIts: [FixItSpec(message: "insert the default '[]'")]),
                DiagnosticSpec(message: "stored property 'venue' has no default: add a default: it is the value a missing key keeps", line: 5, column: 9),
                DiagnosticSpec(message: "stored property 'rating' has no default: add a default: it is the value a missing key keeps", line: 6, column: 9),
            ],
            fixedSource: """
            @Model struct Game {
                var id: String = ""
                var score: Double = 0 // points
                var tags: [String] = []
                var venue: Venue
                let rating: Int?
                var note: String?
            }
            """)
    }

    @Test func noDefaultNeededWithOwnInit() {
        assertExpansion(
            """
            @Model struct Game {
                let id: String
                init() { id = UUID().uuidString }
            }
            """,
            expandedSource: """
            struct Game {
                let id: String
                init() { id = UUID().uuidString }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case id
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.id = try decoded(.id)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                }
            }
            """)
    }

    @Test func twoPropertiesMappedToOneKey() {
        assertExpansion(
            """
            @Model struct Game {
                @Key("title") var name = ""
                @Key("title") var title = ""
                var id = ""
                @Key("id", "game_id") var gameID = ""
                @Key("venue.city") var city = ""
                @Key(.key("venue.city")) var literal = ""
                @Key("venue\\\\.city") var escaped = ""
                @Uncodable @Key("id") var cache = ""
            }
            """,
            expandedSource: """
            struct Game {
                var name = ""
                var title = ""
                var id = ""
                var gameID = ""
                var city = ""
                var literal = ""
                var escaped = ""
                var cache = ""

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("name", key: "title"),
                        .init("title", key: "title"),
                        .init("id"),
                        .init("gameID", key: .firstOf("id", "game_id")),
                        .init("city", key: "venue.city"),
                        .init("literal", key: .key("venue.city")),
                        .init("escaped", key: "venue\\\\.city"),
                        .init("cache", key: "id", isUncodable: true),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case name, title, id, gameID, city, literal, escaped
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.name = try decoded(.name)
                    self.title = try decoded(.title)
                    self.id = try decoded(.id)
                    self.gameID = try decoded(.gameID)
                    self.city = try decoded(.city)
                    self.literal = try decoded(.literal)
                    self.escaped = try decoded(.escaped)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .name)
                    try container.encode(self.title, forKey: .title)
                    try container.encode(self.id, forKey: .id)
                    try container.encode(self.gameID, forKey: .gameID)
                    try container.encode(self.city, forKey: .city)
                    try container.encode(self.literal, forKey: .literal)
                    try container.encode(self.escaped, forKey: .escaped)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Key has no effect on an @Uncodable property, which is never read or written", line: 9, column: 16, fixIts: [FixItSpec(message: "remove @Key")]),
                DiagnosticSpec(message: "'title' is mapped to the remote key 'title', as 'name' is: each remote key holds one property", line: 3, column: 5, notes: [NoteSpec(message: "'name' is mapped to it here", line: 2, column: 5)]),
                DiagnosticSpec(message: "'gameID' is mapped to the remote key 'id', as 'id' is: each remote key holds one property", line: 5, column: 5, notes: [NoteSpec(message: "'id' is mapped to it here", line: 4, column: 9)]),
                DiagnosticSpec(message: "'escaped' is mapped to the remote key 'venue.city', as 'literal' is: each remote key holds one property", line: 8, column: 5, notes: [NoteSpec(message: "'literal' is mapped to it here", line: 7, column: 5)]),
            ])
    }

    @Test func keyCaseMapsTwoPropertiesToOneKey() {
        assertExpansion(
            """
            @Model(keyCase: .snakeCase) struct User {
                var userID = 0
                @Key("user_id") var legacyID = 0
            }
            """,
            expandedSource: """
            struct User {
                var userID = 0
                var legacyID = 0

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("userID"),
                        .init("legacyID", key: "user_id"),
                    ])
                }

                static var keyCase: BaseModel.KeyCase {
                    .snakeCase
                }
            }

            extension User: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case userID, legacyID
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.userID = try decoded(.userID)
                    self.legacyID = try decoded(.legacyID)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.userID, forKey: .userID)
                    try container.encode(self.legacyID, forKey: .legacyID)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'legacyID' is mapped to the remote key 'user_id', as 'userID' is: each remote key holds one property", line: 3, column: 5, notes: [NoteSpec(message: "'userID' is mapped to it here", line: 2, column: 9)]),
            ])
    }

    @Test func modelOnAnEnum() {
        assertExpansion(
            """
            @Model enum Kind {
                case a
            }
            """,
            expandedSource: """
            enum Kind {
                case a
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model applies to a struct or a class, not to an enum", line: 1, column: 1)])
    }

    @Test func modelOnAProtocol() {
        assertExpansion(
            """
            @Model protocol Named {
                var name: String { get }
            }
            """,
            expandedSource: """
            protocol Named {
                var name: String { get }
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model applies to a struct or a class, not to a protocol", line: 1, column: 1)])
    }

    @Test func modelOnAnActor() {
        assertExpansion(
            """
            @Model actor Counter {
                var count = 0
            }
            """,
            expandedSource: """
            actor Counter {
                var count = 0
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model applies to a struct or a class, not to an actor", line: 1, column: 1)])
    }

    @Test func stringTables() {
        assertExpansion(
            """
            @Model struct Game {
                var id = ""
                static let keyPaths: [String: RemoteKeyPath] = ["id": "game_id"]
                static var transformers: [String: ModelTransformer] { [:] }
            }
            """,
            expandedSource: """
            struct Game {
                var id = ""
                static let keyPaths: [String: RemoteKeyPath] = ["id": "game_id"]
                static var transformers: [String: ModelTransformer] { [:] }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case id
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.id = try decoded(.id)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'keyPaths' is not read for a @Model type: declare the mapping on the property with @Key, @Transform or @Uncodable", line: 3, column: 16),
                DiagnosticSpec(message: "'transformers' is not read for a @Model type: declare the mapping on the property with @Key, @Transform or @Uncodable", line: 4, column: 16),
            ])
    }

    @Test func repeatedAndConflictingAttributes() {
        assertExpansion(
            """
            @Model struct Game {
                @Key("a") @Key("b") var id = ""
                @Uncodable
                @Transform(.iso8601) var cache: Date?
            }
            """,
            expandedSource: """
            struct Game {
                var id = ""
                var cache: Date?

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id", key: "a"),
                        .init("cache", isOptional: true, isUncodable: true),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case id
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.id = try decoded(.id)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Key is given twice: a property has one; list fallbacks in one @Key(\"a\", \"b\")", line: 2, column: 15, fixIts: [FixItSpec(message: "remove @Key")]),
                DiagnosticSpec(message: "@Transform has no effect on an @Uncodable property, which is never read or written", line: 4, column: 5, fixIts: [FixItSpec(message: "remove @Transform")]),
            ],
            fixedSource: """
            @Model struct Game {
                @Key("a") var id = ""
                @Uncodable
                var cache: Date?
            }
            """)
    }

    @Test func letWithDefault() {
        assertExpansion(
            """
            @Model struct Game {
                let kind = "game"
            }
            """,
            expandedSource: """
            struct Game {
                let kind = "game"

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("kind"),
                    ])
                }
            }

            extension Game: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case kind
                }

                init(from decoder: any Decoder) throws {
                    _ = try decoder.container(keyedBy: CodingKeys.self)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.kind, forKey: .kind)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'kind' is a 'let' with a default: it is written but never read; make it 'var' to read it", line: 2, column: 5, severity: .warning, fixIts: [FixItSpec(message: "make it 'var'")]),
            ],
            fixedSource: """
            @Model struct Game {
                var kind = "game"
            }
            """)
    }
}
