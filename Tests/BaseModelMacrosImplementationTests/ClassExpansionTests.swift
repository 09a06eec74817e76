import Testing

/// What `@Model` generates for classes: base classes, final classes and subclasses.
@Suite struct ClassExpansionTests {
    @Test func baseClass() {
        assertExpansion(
            """
            @Model class Animal {
                var name = ""
                var legs: Int?
            }
            """,
            expandedSource: """
            class Animal {
                var name = ""
                var legs: Int?

                class var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Animal.self, [
                        .init("name"),
                        .init("legs", isOptional: true),
                    ])
                }

                class var keyCase: BaseModel.KeyCase {
                    .unchanged
                }

                class var coercion: BaseModel.Coercion {
                    .strict
                }

                private enum CodingKeys: String, CodingKey {
                    case name, legs
                }

                required init() {
                }

                required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.name = try decoded(.name)
                    self.legs = try decodedIfPresent(.legs)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.name, forKey: .name)
                    try container.encodeIfPresent(self.legs, forKey: .legs)
                }

                func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.name)
                    try reader.read(&self.legs)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.name)
                    try writer.write(self.legs)
                }
            }

            extension Animal: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """)
    }

    @Test func subclass() {
        assertExpansion(
            """
            @Model final class Dog: Animal {
                var breed = ""
                @Key("vet.name") var vet: String?
            }
            """,
            expandedSource: """
            final class Dog: Animal {
                var breed = ""
                var vet: String?

                override class var declaredProperties: BaseModel.ModelProperties? {
                    func checkMapping(of model: Dog) {
                        func superclassIsAModel<Superclass: BaseModel.Model>(_ type: Superclass.Type) {
                        }
                        superclassIsAModel(Animal.self)
                    }
                    return BaseModel.ModelProperties(of: Dog.self, inheriting: super.declaredProperties, [
                        .init("breed"),
                        .init("vet", key: "vet.name", isOptional: true),
                    ])
                }

                private enum CodingKeys: String, CodingKey {
                    case breed, vet
                }

                required init() {
                    super.init()
                }

                required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    func decodedIfPresent<Value: Decodable>(_ key: CodingKeys) throws -> Value? {
                        try container.decodeIfPresent(Value.self, forKey: key)
                    }
                    self.breed = try decoded(.breed)
                    self.vet = try decodedIfPresent(.vet)
                    try super.init(from: decoder)
                }

                override func encode(to encoder: any Encoder) throws {
                    try super.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.breed, forKey: .breed)
                    try container.encodeIfPresent(self.vet, forKey: .vet)
                }

                override func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try super._readFields(from: &reader)
                    try reader.read(&self.breed)
                    try reader.read(&self.vet)
                }

                override func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try super._writeFields(to: &writer)
                    try writer.write(self.breed)
                    try writer.write(self.vet)
                }
            }
            """)
    }

    @Test func subclassWithKeyCaseAndNoProperties() {
        assertExpansion(
            """
            @Model(keyCase: .snakeCase) class Puppy: Zoo.Dog, Sendable {
                var computed: Int { 0 }
            }
            """,
            expandedSource: """
            class Puppy: Zoo.Dog, Sendable {
                var computed: Int { 0 }

                override class var declaredProperties: BaseModel.ModelProperties? {
                    func checkMapping(of model: Puppy) {
                        func superclassIsAModel<Superclass: BaseModel.Model>(_ type: Superclass.Type) {
                        }
                        superclassIsAModel(Zoo.Dog.self)
                    }
                    return BaseModel.ModelProperties(of: Puppy.self, inheriting: super.declaredProperties, [])
                }

                override class var keyCase: BaseModel.KeyCase {
                    .snakeCase
                }

                required init() {
                    super.init()
                }

                required init(from decoder: any Decoder) throws {
                    try super.init(from: decoder)
                }

                override func encode(to encoder: any Encoder) throws {
                    try super.encode(to: encoder)
                }
            }
            """)
    }

    @Test func finalClass() {
        assertExpansion(
            """
            @Model final class Store: Identifiable {
                var id = UUID()
                @Uncodable var cache = NSCache<NSString, NSString>()
            }
            """,
            expandedSource: """
            final class Store: Identifiable {
                var id = UUID()
                var cache = NSCache<NSString, NSString>()

                static var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Self.self, [
                        .init("id"),
                        .init("cache", isUncodable: true),
                    ])
                }

                private enum CodingKeys: String, CodingKey {
                    case id
                }

                init() {
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

                func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.id)
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.id)
                }
            }

            extension Store: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """)
    }

    @Test func openClassWithOwnInit() {
        assertExpansion(
            """
            @Model open class Shape: Model, Describable {
                public var sides: Int
                public required init() { sides = 3 }
                open class var keyCase: KeyCase { .kebabCase }
            }
            """,
            expandedSource: """
            open class Shape: Model, Describable {
                public var sides: Int
                public required init() { sides = 3 }
                open class var keyCase: KeyCase { .kebabCase }

                open class var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Shape.self, [
                        .init("sides"),
                    ])
                }

                open class var coercion: BaseModel.Coercion {
                    .strict
                }

                private enum CodingKeys: String, CodingKey {
                    case sides
                }

                public required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.sides = try decoded(.sides)
                }

                open func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.sides, forKey: .sides)
                }

                open func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                    try reader.read(&self.sides)
                }

                open func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                    try writer.write(self.sides)
                }
            }

            extension Shape: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """)
    }

    @Test func aBaseClassThatEncodesItselfHasGeneratedCodingForItsSubclassesOnly() {
        assertExpansion(
            """
            @Model class Reading {
                var value = 0.0
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(value)
                }
            }
            """,
            expandedSource: """
            class Reading {
                var value = 0.0
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(value)
                }

                class var declaredProperties: BaseModel.ModelProperties? {
                    BaseModel.ModelProperties(of: Reading.self, generatedCoding: false, [
                        .init("value"),
                    ])
                }

                class var keyCase: BaseModel.KeyCase {
                    .unchanged
                }

                class var coercion: BaseModel.Coercion {
                    .strict
                }

                private enum CodingKeys: String, CodingKey {
                    case value
                }

                required init() {
                }

                required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    func decoded<Value: Decodable>(_ key: CodingKeys) throws -> Value {
                        try container.decode(Value.self, forKey: key)
                    }
                    self.value = try decoded(.value)
                }

                func _readFields(from reader: inout BaseModel.ModelFieldReader) throws {
                }

                func _writeFields(to writer: inout BaseModel.ModelFieldWriter) throws {
                }
            }

            extension Reading: BaseModel.Model, BaseModel.GeneratedCoding {
            }
            """)
    }

    @Test func aSubclassThatDecodesItselfInheritsTheGeneratedCoding() {
        assertExpansion(
            """
            @Model final class Thermometer: Reading {
                var unit = "C"
                required init(from decoder: any Decoder) throws {
                    unit = "K"
                    try super.init(from: decoder)
                }
            }
            """,
            expandedSource: """
            final class Thermometer: Reading {
                var unit = "C"
                required init(from decoder: any Decoder) throws {
                    unit = "K"
                    try super.init(from: decoder)
                }

                override class var declaredProperties: BaseModel.ModelProperties? {
                    func checkMapping(of model: Thermometer) {
                        func superclassIsAModel<Superclass: BaseModel.Model>(_ type: Superclass.Type) {
                        }
                        superclassIsAModel(Reading.self)
                    }
                    return BaseModel.ModelProperties(of: Thermometer.self, inheriting: super.declaredProperties, generatedCoding: false, [
                        .init("unit"),
                    ])
                }

                private enum CodingKeys: String, CodingKey {
                    case unit
                }

                required init() {
                    super.init()
                }

                override func encode(to encoder: any Encoder) throws {
                    try super.encode(to: encoder)
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.unit, forKey: .unit)
                }
            }
            """)
    }
}
