import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Polymorphic` adds to a `@Model` type's schema, and the mistakes it reports.
@Suite struct PolymorphicExpansionTests {
    @Test func polymorphismGoesInTheDeclaredProperties() {
        assertExpansion(
            """
            @Model struct Zoo {
                @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var animals: [Animal] = []
                @Key("best") @Polymorphic(.adjacent(["dog": Dog.self], fallback: Animal.self)) var star: Animal?
            }
            """,
            expandedSource: """
            struct Zoo {
                var animals: [Animal] = []
                var star: Animal?

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("animals", polymorphism: .tag("type", ["dog": Dog.self, "cat": Cat.self])),
                        .init("star", key: "best", isOptional: true, polymorphism: .adjacent(["dog": Dog.self], fallback: Animal.self)),
                    ])
                }
            }

            extension Zoo: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case animals, star
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.animals = try decoded(.animals)
                    self.star = try decodedIfPresent(.star)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.animals, forKey: .animals)
                    try container.encodeIfPresent(self.star, forKey: .star)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.animals)
                    try reader.read(&self.star)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.animals)
                    try writer.write(self.star)
                }
            }
            """)
    }

    @Test func polymorphicOnAComputedPropertyIsRemoved() {
        assertExpansion(
            """
            @Model struct Zoo {
                var animals: [Animal] = []
                @Polymorphic(.external(["dog": Dog.self])) var first: Animal? { animals.first }
            }
            """,
            expandedSource: """
            struct Zoo {
                var animals: [Animal] = []
                var first: Animal? { animals.first }

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("animals"),
                    ])
                }
            }

            extension Zoo: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case animals
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.animals = try decoded(.animals)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.animals, forKey: .animals)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.animals)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.animals)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Polymorphic applies to stored properties: a computed property is never read or written",
                    line: 3, column: 5, fixIts: [FixItSpec(message: "remove @Polymorphic")])
            ],
            fixedSource: """
            @Model struct Zoo {
                var animals: [Animal] = []
                var first: Animal? { animals.first }
            }
            """)
    }

    @Test func aTransformerDoesNotCombineWithPolymorphic() {
        assertExpansion(
            """
            @Model struct Zoo {
                @Polymorphic(.tag("type", ["dog": Dog.self])) @Transform(.animal) var star: Animal?
            }
            """,
            expandedSource: """
            struct Zoo {
                var star: Animal?

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("star", isOptional: true, transformer: .animal, polymorphism: .tag("type", ["dog": Dog.self])),
                    ])
                }
            }

            extension Zoo: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case star
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.star = try decodedIfPresent(.star)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeIfPresent(self.star, forKey: .star)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.star)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.star)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transform does not combine with @Polymorphic: the type tag is read from the value as the payload holds it",
                    line: 2, column: 51, fixIts: [FixItSpec(message: "remove @Transform")])
            ],
            fixedSource: """
            @Model struct Zoo {
                @Polymorphic(.tag("type", ["dog": Dog.self])) var star: Animal?
            }
            """)
    }

    @Test func aPolymorphismTableIsNotRead() {
        assertExpansion(
            """
            @Model struct Zoo {
                var star: Animal?
                static let polymorphism: [String: Polymorphism] = [:]
            }
            """,
            expandedSource: """
            struct Zoo {
                var star: Animal?
                static let polymorphism: [String: Polymorphism] = [:]

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("star", isOptional: true),
                    ])
                }
            }

            extension Zoo: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case star
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.star = try decodedIfPresent(.star)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeIfPresent(self.star, forKey: .star)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.star)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.star)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'polymorphism' is not read for a @Model type: declare it on the property with @Polymorphic",
                    line: 3, column: 16)
            ])
    }

    /// A property typed with a protocol is not `Decodable`: `init(from:)` and `encode(to:)` pass
    /// its polymorphism (declared in the body, where its expression means what it means there)
    /// to the container, and the engine runs them instead of generated field coding.
    @Test func anExistentialIsCodedThroughTheContainer() {
        assertExpansion(
            """
            @Model struct Drawing {
                @Polymorphic(.tag("kind", ["circle": Circle.self])) var shapes: [any Shape] = []
                @Polymorphic(.external(["circle": Circle.self])) var background: (any Shape)?
                var title = ""
            }
            """,
            expandedSource: """
            struct Drawing {
                var shapes: [any Shape] = []
                var background: (any Shape)?
                var title = ""

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, generatedCoding: false, [
                        .init("shapes", polymorphism: .tag("kind", ["circle": Circle.self])),
                        .init("background", isOptional: true, polymorphism: .external(["circle": Circle.self])),
                        .init("title"),
                    ])
                }

                enum _Polymorphisms {
                    static var shapes: BaseModel.Polymorphism {
                        .tag("kind", ["circle": Circle.self])
                    }
                    static var background: BaseModel.Polymorphism {
                        .external(["circle": Circle.self])
                    }
                }
            }

            extension Drawing: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case shapes, background, title
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedPolymorphic<Value>(_ key: CodingKeys, _ polymorphism: BaseModel.Polymorphism) throws -> Value {
                        try container.decode(Value.self, forKey: key, polymorphism: polymorphism)
                    }
                    self.shapes = try decodedPolymorphic(.shapes, _Polymorphisms.shapes)
                    self.background = try decodedPolymorphic(.background, _Polymorphisms.background)
                    self.title = try decoded(.title)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.shapes, forKey: .shapes, polymorphism: _Polymorphisms.shapes)
                    try container.encode(self.background, forKey: .background, polymorphism: _Polymorphisms.background)
                    try container.encode(self.title, forKey: .title)
                }
            }
            """)
    }

    @Test func anExistentialWithoutPolymorphicIsAnError() {
        assertExpansion(
            """
            @Model struct Drawing {
                var shapes: [any Shape] = []
            }
            """,
            expandedSource: """
            struct Drawing {
                var shapes: [any Shape] = []

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("shapes"),
                    ])
                }
            }

            extension Drawing: BaseModel.Model, BaseModel.GeneratedCoding {
                private enum CodingKeys: String, CodingKey {
                    case shapes
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.shapes = try decoded(.shapes)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.shapes, forKey: .shapes)
                }

                mutating func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.shapes)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.shapes)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'shapes' is typed with a protocol ('[any Shape]'), which is not Decodable: a payload can say which model it is only through a polymorphism; add @Polymorphic(.tag(\"type\", [\"circle\": Circle.self, …])) naming the model for each tag",
                    line: 2, column: 9)
            ])
    }
}
