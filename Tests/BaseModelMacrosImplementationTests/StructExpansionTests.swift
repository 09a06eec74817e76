import Testing

/// What `@Model` and the mapping attributes generate for structs.
@Suite struct StructExpansionTests {
    @Test func gameExample() {
        assertExpansion(
            """
            @Model struct Game {
                @Key("game_id") var id = ""
                var name = ""
                @Key("release_date", "released") @Transform(.date(format: "MM-dd-yyyy")) var releaseDate: Date?
                @Key("venue.address.city") var city = ""
                @Key("images.0.url") var thumbnail: URL?
                @Uncodable var cache: [String: Int] = [:]
            }
            """,
            expandedSource: """
            struct Game {
                var id = ""
                var name = ""
                var releaseDate: Date?
                var city = ""
                var thumbnail: URL?
                var cache: [String: Int] = [:]

                static var declaredProperties: BaseModel.ModelProperties? {
                    func checkMapping(of model: Game) {
                        let _: (releaseDate: Date?, transformer: Void) = (model.releaseDate, ())
                    }
                    return BaseModel.ModelProperties(of: Self.self, [
                        .init("id", key: "game_id"),
                        .init("name"),
                        .init("releaseDate", key: .firstOf("release_date", "released"), isOptional: true, transformer: .date(format: "MM-dd-yyyy")),
                        .init("city", key: "venue.address.city"),
                        .init("thumbnail", key: "images.0.url", isOptional: true),
                        .init("cache", isUncodable: true),
                    ])
                }
            }

            extension Game: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case id, name, releaseDate, city, thumbnail
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
                    self.name = try decoded(.name)
                    self.releaseDate = try decodedIfPresent(.releaseDate)
                    self.city = try decoded(.city)
                    self.thumbnail = try decodedIfPresent(.thumbnail)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                    try container.encode(self.name, forKey: .name)
                    try container.encodeIfPresent(self.releaseDate, forKey: .releaseDate)
                    try container.encode(self.city, forKey: .city)
                    try container.encodeIfPresent(self.thumbnail, forKey: .thumbnail)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.id)
                    try reader.read(&self.name)
                    try reader.read(&self.releaseDate)
                    try reader.read(&self.city)
                    try reader.read(&self.thumbnail)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.id)
                    try writer.write(self.name)
                    try writer.write(self.releaseDate)
                    try writer.write(self.city)
                    try writer.write(self.thumbnail)
                }
            }
            """)
    }

    @Test func keyCaseAndCoercion() {
        assertExpansion(
            """
            @Model(keyCase: .snakeCase, coercion: .lenient) struct User {
                var screenName = ""
                var followersCount: Int = 0
            }
            """,
            expandedSource: """
            struct User {
                var screenName = ""
                var followersCount: Int = 0

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("screenName"),
                        .init("followersCount"),
                    ])
                }

                static var keyCase: BaseModel.KeyCase {
                    .snakeCase
                }

                static var coercion: BaseModel.Coercion {
                    .lenient
                }
            }

            extension User: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case screenName, followersCount
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.screenName = try decoded(.screenName)
                    self.followersCount = try decoded(.followersCount)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.screenName, forKey: .screenName)
                    try container.encode(self.followersCount, forKey: .followersCount)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.screenName)
                    try reader.read(&self.followersCount)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.screenName)
                    try writer.write(self.followersCount)
                }
            }
            """)
    }

    @Test func literalKeysAndTransformers() {
        assertExpansion(
            """
            @Model struct Release {
                @Key(.key("v1.2")) var version = ""
                @Transform(.gameDate, as: Date.self) var announced: Date?
                @Transform(.stringToNumber) var score = 0.0
                @Transform(.url) var homepage = ""
                @Transform(.iso8601.then(.local)) var local: Date?
                @Transform(.enumeration(Kind.self, fallback: .other)) var kind = Kind.other
                @Transform(.opaque) var opaque = ""
            }
            """,
            expandedSource: """
            struct Release {
                var version = ""
                var announced: Date?
                var score = 0.0
                var homepage = ""
                var local: Date?
                var kind = Kind.other
                var opaque = ""

                static var declaredProperties: BaseModel.ModelProperties? {
                    func checkMapping(of model: Release) {
                        func transformer<Value>(_ transformer: BaseModel.ModelTransformer.Typed<Value>, fits value: Value?) {
                        }
                        let _: (announced: Date?, transformer: Void) = (model.announced, ())
                        func score<Value: Numeric>(_ value: Value?) {
                        }
                        score(model.score)
                        func homepage(_ value: URL?) {
                        }
                        func homepage(_ value: String?) {
                        }
                        homepage(model.homepage)
                        transformer(.iso8601.then(.local), fits: model.local)
                        let _: (kind: Kind?, transformer: Void) = (model.kind, ())
                        transformer(.opaque, fits: model.opaque)
                    }
                    return BaseModel.ModelProperties(of: Self.self, [
                        .init("version", key: .key("v1.2")),
                        .init("announced", isOptional: true, transformer: .gameDate),
                        .init("score", transformer: .stringToNumber),
                        .init("homepage", transformer: .url),
                        .init("local", isOptional: true, transformer: .iso8601.then(.local)),
                        .init("kind", transformer: .enumeration(Kind.self, fallback: .other)),
                        .init("opaque", transformer: .opaque),
                    ])
                }
            }

            extension Release: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case version, announced, score, homepage, local, kind, opaque
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.version = try decoded(.version)
                    self.announced = try decodedIfPresent(.announced)
                    self.score = try decoded(.score)
                    self.homepage = try decoded(.homepage)
                    self.local = try decodedIfPresent(.local)
                    self.kind = try decoded(.kind)
                    self.opaque = try decoded(.opaque)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.version, forKey: .version)
                    try container.encodeIfPresent(self.announced, forKey: .announced)
                    try container.encode(self.score, forKey: .score)
                    try container.encode(self.homepage, forKey: .homepage)
                    try container.encodeIfPresent(self.local, forKey: .local)
                    try container.encode(self.kind, forKey: .kind)
                    try container.encode(self.opaque, forKey: .opaque)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.version)
                    try reader.read(&self.announced)
                    try reader.read(&self.score)
                    try reader.read(&self.homepage)
                    try reader.read(&self.local)
                    try reader.read(&self.kind)
                    try reader.read(&self.opaque)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.version)
                    try writer.write(self.announced)
                    try writer.write(self.score)
                    try writer.write(self.homepage)
                    try writer.write(self.local)
                    try writer.write(self.kind)
                    try writer.write(self.opaque)
                }
            }
            """)
    }

    @Test func initializerWhenTheStructDeclaresOthers() {
        assertExpansion(
            """
            @Model struct Point {
                var x = 0.0, y = 0.0
                init(x: Double, y: Double) {
                    self.x = x
                    self.y = y
                }
            }
            """,
            expandedSource: """
            struct Point {
                var x = 0.0, y = 0.0
                init(x: Double, y: Double) {
                    self.x = x
                    self.y = y
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("x"),
                        .init("y"),
                    ])
                }
            }

            extension Point: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case x, y
                }

                init() {
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

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.x)
                    try reader.read(&self.y)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.x)
                    try writer.write(self.y)
                }
            }
            """)
    }

    @Test func publicStructWithOptionalsAndBackticks() {
        assertExpansion(
            """
            @Model public struct Settings {
                public var `default` = false
                public var limit: Optional<Int>
                public var tags: Set<String> = []
                public var note: String!
            }
            """,
            expandedSource: """
            public struct Settings {
                public var `default` = false
                public var limit: Optional<Int>
                public var tags: Set<String> = []
                public var note: String!

                public static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("default"),
                        .init("limit", isOptional: true),
                        .init("tags"),
                        .init("note", isOptional: true),
                    ])
                }

                public init() {
                }
            }

            extension Settings: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case `default`, limit, tags, note
                }

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.`default` = try decoded(.`default`)
                    self.limit = try decodedIfPresent(.limit)
                    self.tags = try decoded(.tags)
                    self.note = try decodedIfPresent(.note)
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.`default`, forKey: .`default`)
                    try container.encodeIfPresent(self.limit, forKey: .limit)
                    try container.encode(self.tags, forKey: .tags)
                    try container.encodeIfPresent(self.note, forKey: .note)
                }

                public mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.`default`)
                    try reader.read(&self.limit)
                    try reader.read(&self.tags)
                    try reader.read(&self.note)
                }

                public func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.`default`)
                    try writer.write(self.limit)
                    try writer.write(self.tags)
                    try writer.write(self.note)
                }
            }
            """)
    }

    @Test func ownCodingKeysNameTheProperties() {
        assertExpansion(
            """
            @Model struct Size {
                var width = 0
                var height = 0
                enum CodingKeys: String, CodingKey {
                    case width = "w", height = "h"
                }
            }
            """,
            expandedSource: """
            struct Size {
                var width = 0
                var height = 0
                enum CodingKeys: String, CodingKey {
                    case width = "w", height = "h"
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("w"),
                        .init("h"),
                    ])
                }
            }

            extension Size: BaseModel.Model, BaseModel.GeneratedCoding {
                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.width = try decoded(.width)
                    self.height = try decoded(.height)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.width, forKey: .width)
                    try container.encode(self.height, forKey: .height)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.width)
                    try reader.read(&self.height)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.width)
                    try writer.write(self.height)
                }
            }
            """)
    }

    @Test func emptyStruct() {
        assertExpansion(
            """
            @Model struct Empty {
                static let shared = Empty()
                var computed: Int { 1 }
                lazy var cached = 2
            }
            """,
            expandedSource: """
            struct Empty {
                static let shared = Empty()
                var computed: Int { 1 }
                lazy var cached = 2

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [])
                }
            }

            extension Empty: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: CodingKey {
                }

                init(from decoder: any Decoder) throws {
                    _ = try decoder.container(keyedBy: CodingKeys.self)
                }

                func encode(to encoder: any Encoder) throws {
                    _ = encoder.container(keyedBy: CodingKeys.self)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                }
            }
            """)
    }

    @Test func declaredByAnotherProtocol() {
        // The compiler lists no protocol when the type conforms already; the test support lists
        // `Model` whatever the type says, so this shows the extension with the conformance.
        assertExpansion(
            """
            @Model struct Todo: IdentifiedModel {
                var id = ""
                var title = ""
                var done = false {
                    didSet { print(done) }
                }
            }
            """,
            expandedSource: """
            struct Todo: IdentifiedModel {
                var id = ""
                var title = ""
                var done = false {
                    didSet { print(done) }
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id"),
                        .init("title"),
                        .init("done"),
                    ])
                }
            }

            extension Todo: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case id, title, done
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.id = try decoded(.id)
                    self.title = try decoded(.title)
                    self.done = try decoded(.done)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                    try container.encode(self.title, forKey: .title)
                    try container.encode(self.done, forKey: .done)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.id)
                    try reader.read(&self.title)
                    try reader.read(&self.done)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.id)
                    try writer.write(self.title)
                    try writer.write(self.done)
                }
            }
            """)
    }

    @Test func aStructThatDecodesItselfHasNoGeneratedCoding() {
        assertExpansion(
            """
            @Model struct Celsius {
                var degrees = 0.0
                init(from decoder: any Decoder) throws {
                    degrees = try decoder.singleValueContainer().decode(Double.self)
                }
            }
            """,
            expandedSource: """
            struct Celsius {
                var degrees = 0.0
                init(from decoder: any Decoder) throws {
                    degrees = try decoder.singleValueContainer().decode(Double.self)
                }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, generatedCoding: false, [
                        .init("degrees"),
                    ])
                }
            }

            extension Celsius: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case degrees
                }

                init() {
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.degrees, forKey: .degrees)
                }
            }
            """)
    }
}
