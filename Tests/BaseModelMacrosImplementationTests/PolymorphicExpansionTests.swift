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

    /// A `@Polymorphic` property without a default is required: the schema says so (a missing
    /// key is then an error), and the generated `init()`, which `Model` asks for, fills it with a
    /// placeholder: a new instance of the polymorphism's fallback or first type for a protocol
    /// (declared in the body, where the names mean what they mean there), an empty array or
    /// dictionary. The struct keeps its memberwise initializer.
    @Test func anExistentialWithoutADefaultIsRequired() {
        assertExpansion(
            """
            @Model struct Frame {
                @Polymorphic(.tag("kind", ["circle": Circle.self, "square": Square.self])) var shape: any Shape
                @Polymorphic(.external(["circle": Circle.self], fallback: Blob.self)) var mark: any Shape
                @Polymorphic(.tag("kind", ["circle": Circle.self])) var shapes: [any Shape]
                var title = ""
            }
            """,
            expandedSource: """
            struct Frame {
                var shape: any Shape
                var mark: any Shape
                var shapes: [any Shape]
                var title = ""

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, generatedCoding: false, [
                        .init("shape", isRequired: true, polymorphism: .tag("kind", ["circle": Circle.self, "square": Square.self])),
                        .init("mark", isRequired: true, polymorphism: .external(["circle": Circle.self], fallback: Blob.self)),
                        .init("shapes", isRequired: true, polymorphism: .tag("kind", ["circle": Circle.self])),
                        .init("title"),
                    ])
                }

                enum _Polymorphisms {
                    static var shape: BaseModel.Polymorphism {
                        .tag("kind", ["circle": Circle.self, "square": Square.self])
                    }
                    static var mark: BaseModel.Polymorphism {
                        .external(["circle": Circle.self], fallback: Blob.self)
                    }
                    static var shapes: BaseModel.Polymorphism {
                        .tag("kind", ["circle": Circle.self])
                    }
                }

                enum _Placeholders {
                    static var shape: any Shape {
                        Circle()
                    }
                    static var mark: any Shape {
                        Blob()
                    }
                }
            }

            extension Frame: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case shape, mark, shapes, title
                }

                init() {
                    self.shape = _Placeholders.shape
                    self.mark = _Placeholders.mark
                    self.shapes = []
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedPolymorphic<Value>(_ key: CodingKeys, _ polymorphism: BaseModel.Polymorphism) throws -> Value {
                        try container.decode(Value.self, forKey: key, polymorphism: polymorphism)
                    }
                    self.shape = try decodedPolymorphic(.shape, _Polymorphisms.shape)
                    self.mark = try decodedPolymorphic(.mark, _Polymorphisms.mark)
                    self.shapes = try decodedPolymorphic(.shapes, _Polymorphisms.shapes)
                    self.title = try decoded(.title)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.shape, forKey: .shape, polymorphism: _Polymorphisms.shape)
                    try container.encode(self.mark, forKey: .mark, polymorphism: _Polymorphisms.mark)
                    try container.encode(self.shapes, forKey: .shapes, polymorphism: _Polymorphisms.shapes)
                    try container.encode(self.title, forKey: .title)
                }
            }
            """)
    }

    /// A required base-class property gets an instance of its own type, in a class's `init()`.
    @Test func aBaseClassPropertyWithoutADefaultIsRequired() {
        assertExpansion(
            """
            @Model final class Show {
                @Polymorphic(.tag("type", ["dog": Dog.self])) var lead: Animal
                @Polymorphic(.tag("type", ["dog": Dog.self])) var cast: [String: Animal]
            }
            """,
            expandedSource: """
            final class Show {
                var lead: Animal
                var cast: [String: Animal]

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("lead", isRequired: true, polymorphism: .tag("type", ["dog": Dog.self])),
                        .init("cast", isRequired: true, polymorphism: .tag("type", ["dog": Dog.self])),
                    ])
                }

                enum _Placeholders {
                    static var lead: Animal {
                        Animal()
                    }
                }

                private enum CodingKeys: String, CodingKey {
                    case lead, cast
                }

                init() {
                    self.lead = _Placeholders.lead
                    self.cast = [:]
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.lead = try decoded(.lead)
                    self.cast = try decoded(.cast)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.lead, forKey: .lead)
                    try container.encode(self.cast, forKey: .cast)
                }

                func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.lead)
                    try reader.read(&self.cast)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.lead)
                    try writer.write(self.cast)
                }
            }

            extension Show: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """)
    }

    /// A protocol's polymorphism the macro cannot read names no type for the placeholder; a type
    /// that writes its own `init()` decides its defaults, so nothing is required.
    @Test func aRequiredExistentialNeedsATypeTheMacroCanRead() {
        assertExpansion(
            """
            @Model struct Frame {
                @Polymorphic(.tag("kind", Frame.kinds)) var shape: any Shape
            }
            """,
            expandedSource: """
            struct Frame {
                var shape: any Shape

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, generatedCoding: false, [
                        .init("shape", isRequired: true, polymorphism: .tag("kind", Frame.kinds)),
                    ])
                }

                enum _Polymorphisms {
                    static var shape: BaseModel.Polymorphism {
                        .tag("kind", Frame.kinds)
                    }
                }
            }

            extension Frame: BaseModel.Model {
                private enum CodingKeys: String, CodingKey {
                    case shape
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decodedPolymorphic<Value>(_ key: CodingKeys, _ polymorphism: BaseModel.Polymorphism) throws -> Value {
                        try container.decode(Value.self, forKey: key, polymorphism: polymorphism)
                    }
                    self.shape = try decodedPolymorphic(.shape, _Polymorphisms.shape)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.shape, forKey: .shape, polymorphism: _Polymorphisms.shape)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "stored property 'shape' has no default, and @Polymorphic names no type for init() to fill it with: add a default, or write the types in the attribute ('fallback: Circle.self' or [\"circle\": Circle.self])",
                    line: 2, column: 49)
            ])
    }
}
