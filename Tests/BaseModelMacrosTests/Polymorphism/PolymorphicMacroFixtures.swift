import BaseModelMacros
import Foundation

/// Polymorphic properties declared with `@Polymorphic`, and their twins declared with the static
/// `polymorphism` table: both must read and write the same.
enum PolymorphicMacroFixtures {
    @Model class Animal: @unchecked Sendable {
        var name = ""
    }

    @Model final class Dog: Animal, @unchecked Sendable {
        var breed = ""
    }

    @Model final class Cat: Animal, @unchecked Sendable {
        var lives = 9
    }

    @Model struct Zoo {
        @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var animals: [Animal] = []
        @Key("best") @Polymorphic(.adjacent(["dog": Dog.self, "cat": Cat.self])) var star: Animal?
        @Polymorphic(.external(["dog": Dog.self], fallback: Animal.self)) var keepers: [String: Animal] = [:]
        var name = ""
    }

    /// A base-class property without a default: required, and read by generated coding.
    @Model struct Show {
        @Polymorphic(.tag("type", ["dog": Dog.self, "cat": Cat.self])) var lead: Animal
        var title = ""
    }

    /// `Zoo` without the macro.
    struct PlainZoo: Model {
        var animals: [Animal] = []
        var star: Animal?
        var keepers: [String: Animal] = [:]
        var name = ""

        static let keyPaths: [String: RemoteKeyPath] = ["star": "best"]
        static let polymorphism: [String: Polymorphism] = [
            "animals": .tag("type", ["dog": Dog.self, "cat": Cat.self]),
            "star": .adjacent(["dog": Dog.self, "cat": Cat.self]),
            "keepers": .external(["dog": Dog.self], fallback: Animal.self),
        ]
    }
}
