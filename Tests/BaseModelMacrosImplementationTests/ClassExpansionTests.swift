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
            }

            extension Animal: BaseModel.Model {
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
            }

            extension Store: BaseModel.Model {
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
            }

            extension Shape: BaseModel.Model {
            }
            """)
    }
}
