@testable import BaseModel
import Testing

@Suite struct ModelRegistryTests {
    struct Animal: Model { var name = "" }
    struct Dog: Model { var name = ""; var breed = "" }
    struct Renamed: Model {
        var value = 0
        static var typeName: String { "LegacyName" }
    }

    @Test func defaultNameIsTheUnqualifiedTypeName() {
        #expect(Dog.typeName == "Dog")
        #expect(ModelRegistry().name(of: Dog.self) == "Dog")
    }

    @Test func registeredTypesAreFoundByNameAndAlias() {
        let registry = ModelRegistry()
        registry.register(Dog.self, aliases: ["BMDog", "OldApp.Dog"])
        #expect(registry.type(named: "Dog") == Dog.self)
        #expect(registry.type(named: "BMDog") == Dog.self)
        #expect(registry.type(named: "OldApp.Dog") == Dog.self)
        #expect(registry.name(of: Dog.self) == "Dog")
        #expect(registry.registeredNames == ["BMDog", "Dog", "OldApp.Dog"])
    }

    @Test func unregisteredNamesGiveNothing() {
        let registry = ModelRegistry()
        registry.register(Animal.self)
        #expect(registry.type(named: "Dog") == nil)
        #expect(!registry.contains(Dog.self))
        #expect(registry.contains(Animal.self))
    }

    @Test func explicitNamesAndTypeNamesAreUsed() {
        let registry = ModelRegistry()
        registry.register(Renamed.self)
        registry.register(Animal.self, name: "Creature")
        #expect(registry.type(named: "LegacyName") == Renamed.self)
        #expect(registry.name(of: Animal.self) == "Creature")
        #expect(registry.type(named: "Animal") == nil)
    }

    @Test func aLaterRegistrationOfANameReplacesTheEarlierOne() {
        let registry = ModelRegistry()
        registry.register(Animal.self, name: "Pet")
        registry.register(Dog.self, name: "Pet")
        #expect(registry.type(named: "Pet") == Dog.self)
    }

    @Test func registriesAreSafeFromManyTasks() async {
        let registry = ModelRegistry()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    registry.register(Dog.self, aliases: ["Dog\(index)"])
                    _ = registry.type(named: "Dog\(index / 2)")
                }
            }
        }
        #expect(registry.registeredNames.count == 201)
    }
}
