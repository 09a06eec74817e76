@testable import BaseModel
import Foundation
import Testing

extension ModelFixtures {
    /// Building models from untyped objects: every accepted input, `nil`/`NSNull`, bare values
    /// through `make(from:)`, and arrays of instances.
    @Suite struct ModelBuildingTests {
        // MARK: init(object:)

        @Test func initFromFoundationDictionary() throws {
            let item = try TodoItem(object: ["label": "Buy milk", "checked": true] as [String: Any])
            #expect(item == TodoItem(label: "Buy milk", checked: true))
        }

        @Test func initFromModelValue() throws {
            let value: ModelValue = ["label": "Buy milk", "checked": true]
            #expect(try TodoItem(object: value) == TodoItem(label: "Buy milk", checked: true))
        }

        @Test func initFromJSONDataAndString() throws {
            let json = #"  {"label": "Buy milk", "checked": true}"#
            let expected = TodoItem(label: "Buy milk", checked: true)
            #expect(try TodoItem(object: Data(json.utf8)) == expected)
            #expect(try TodoItem(object: json) == expected)
            #expect(try TodoItem(json: json) == expected)
            #expect(try TodoItem(json: Data(json.utf8)) == expected)
        }

        @Test func malformedJSONIsAnError() {
            let error = #expect(throws: ModelError.self) { try TodoItem(object: #"{"label": "#) }
            #expect(error?.format == .json)
            let truncated = #expect(throws: ModelError.self) { try TodoItem(json: "[1, 2") }
            #expect(truncated?.reason == .truncated)
            #expect(truncated?.format == .json)
        }

        @Test func missingKeysKeepDefaultsAndUnknownKeysAreIgnored() throws {
            let item = try TodoItem(object: ["label": "Buy milk", "priority": 3, "colour": "red"])
            #expect(item == TodoItem(label: "Buy milk", checked: false))
        }

        @Test func wrongKindIsATypeMismatchWithThePath() {
            let error = #expect(throws: ModelError.self) { try TodoItem(object: ["label": "x", "checked": "yes"]) }
            #expect(error?.path.description == "checked")
            #expect(error?.reason == .typeMismatch(expected: "bool", found: "string"))
            let nested = #expect(throws: ModelError.self) {
                try TodoList(object: ["items": [["label": "a"], ["label": 5]]])
            }
            #expect(nested?.path.description == "items[1].label")
        }

        // MARK: nil and NSNull

        @Test func instanceOfNilOrNSNullIsNil() throws {
            #expect(try TodoItem.instance(object: nil) == nil)
            #expect(try TodoItem.instance(object: NSNull()) == nil)
            #expect(try TodoItem.instance(object: ModelValue.null) == nil)
            #expect(try TodoList.instance(object: NSNull()) == nil)
        }

        @Test func initFromNSNullThrowsATypeMismatch() {
            let error = #expect(throws: ModelError.self) { try TodoItem(object: NSNull()) }
            guard case .typeMismatch(let expected, let found)? = error?.reason else {
                Issue.record("expected typeMismatch, got \(String(describing: error))")
                return
            }
            #expect(found == "null")
            #expect(expected.contains("TodoItem"))
            #expect(error?.path == .root)
        }

        @Test func instanceOfADictionaryBuildsIt() throws {
            let item = try TodoItem.instance(object: ["label": "x"])
            #expect(item == TodoItem(label: "x"))
        }

        // MARK: make(from:)

        @Test func todoItemFromABareString() throws {
            #expect(try TodoItem(object: "Buy milk") == TodoItem(label: "Buy milk"))
            #expect(try TodoItem.instance(object: "Buy milk") == TodoItem(label: "Buy milk"))
        }

        @Test func bareValueTheTypeDoesNotTakeIsAnErrorOrNil() throws {
            let error = #expect(throws: ModelError.self) { try TodoItem(object: 5) }
            #expect(error?.reason == .typeMismatch(expected: "dictionary (TodoItem)", found: "integer"))
            #expect(try TodoItem.instance(object: 5) == nil)
            #expect(try TodoItem.instance(object: [1, 2]) == nil)
        }

        @Test func todoListFromABareArrayOfFourStrings() throws {
            let list = try TodoList(object: ModelFixtures.seedLabels)
            #expect(list.items.map(\.label) == ModelFixtures.seedLabels)
            #expect(list.items.allSatisfy { !$0.checked })
        }

        @Test func todoListFromAJSONArrayString() throws {
            let list = try TodoList(object: #"["Do washing", "Mow lawn"]"#)
            #expect(list.items == [TodoItem(label: "Do washing"), TodoItem(label: "Mow lawn")])
        }

        @Test func arrayPropertyFilledFromAnArrayOfStrings() throws {
            let list = try TodoList(object: ["items": ["Do washing", ["label": "Mow lawn", "checked": true]]])
            #expect(list.items == [TodoItem(label: "Do washing"), TodoItem(label: "Mow lawn", checked: true)])
            let error = #expect(throws: ModelError.self) { try TodoList(object: ["items": ["ok", 7]]) }
            #expect(error?.path.description == "items[1]")
        }

        // MARK: instances(array:)

        @Test func instancesSkipNullNilAndRejectedElementsKeepingOrder() throws {
            let nothing: String? = nil
            let input: [Any] = [
                "first", NSNull(), ["label": "second", "checked": true], 5, nothing as Any, "third", [1, 2],
            ]
            let items = try TodoItem.instances(array: input)
            #expect(items == [
                TodoItem(label: "first"), TodoItem(label: "second", checked: true), TodoItem(label: "third"),
            ])
        }

        @Test func instancesFromJSONAndTrees() throws {
            #expect(try TodoItem.instances(array: #"["a", null, {"label": "b"}]"#).map(\.label) == ["a", "b"])
            #expect(try TodoItem.instances(array: Data(#"[{"label": "c"}]"#.utf8)).map(\.label) == ["c"])
            #expect(try TodoItem.instances(array: ModelValue.array(["d", .null])).map(\.label) == ["d"])
            #expect(try TodoItem.instances(array: [Any]()).isEmpty)
        }

        @Test func instancesErrorNamesTheIndex() {
            let error = #expect(throws: ModelError.self) {
                try TodoItem.instances(array: ["ok", NSNull(), ["label": 12]] as [Any])
            }
            #expect(error?.path == ModelPath([.index(2), .key("label")]))
            #expect(error?.path.description == "[2].label")
            #expect(error?.reason == .typeMismatch(expected: "string", found: "integer"))
        }

        @Test func modelsDecodeConcurrently() async throws {
            let labels = (0..<64).map { "item \($0)" }
            let items = try await withThrowingTaskGroup(of: TodoItem.self) { group in
                for label in labels {
                    group.addTask { try TodoItem(object: ["label": .string(label), "checked": true] as ModelValue) }
                }
                var collected: [TodoItem] = []
                for try await item in group { collected.append(item) }
                return collected
            }
            #expect(Set(items.map(\.label)) == Set(labels))
            #expect(items.allSatisfy { $0.checked })
        }

        @Test func instancesOfANonArrayIsAnError() {
            let error = #expect(throws: ModelError.self) { try TodoItem.instances(array: ["label": "x"]) }
            #expect(error?.reason == .typeMismatch(expected: "array", found: "dictionary"))
        }
    }

    /// Representations, copies, descriptions and introspection.
    @Suite struct ModelRepresentationTests {
        static let joined = Date(timeIntervalSince1970: 1_000_000)

        static func sampleProfile() -> Profile {
            var profile = Profile()
            profile.name = "Ada"
            profile.age = 36
            profile.score = 9.5
            profile.active = true
            profile.joined = joined
            profile.avatar = Data([1, 2, 3])
            profile.tags = ["math", "engines"]
            profile.limits = ["daily": 3]
            profile.cache = ["hot": "no"]
            return profile
        }

        // MARK: dictionaryRepresentation

        @Test func dictionaryRepresentationUsesRemoteKeysAndLeavesNilAndUncodableOut() throws {
            let dictionary = Self.sampleProfile().dictionaryRepresentation
            #expect(Set(dictionary.keys) == ["full_name", "stats", "score", "active", "joined", "avatar", "tags", "limits"])
            #expect(dictionary["nickname"] == nil)
            #expect(dictionary["cache"] == nil)
            #expect(dictionary["full_name"] as? String == "Ada")
            #expect(((dictionary["stats"] as? [String: Any])?["age"] as? NSNumber)?.intValue == 36)
            #expect(dictionary["joined"] as? Date == Self.joined)
            #expect(dictionary["avatar"] as? Data == Data([1, 2, 3]))
            #expect(dictionary["tags"] as? [String] == ["math", "engines"])
            #expect(try ModelValue(foundation: dictionary["active"]!) == .bool(true))
        }

        @Test func dictionaryRepresentationRoundTrips() throws {
            let profile = Self.sampleProfile()
            let again = try Profile(object: profile.dictionaryRepresentation)
            var expected = profile
            expected.cache = Profile().cache
            #expect(again == expected)
        }

        @Test func treeRepresentationAndJSONRoundTrip() throws {
            let profile = Self.sampleProfile()
            let tree = try profile.treeRepresentation()
            #expect(tree["stats"] == ["age": 36])
            #expect(tree["nickname"] == nil)
            var expected = profile
            expected.cache = Profile().cache
            #expect(try Profile(object: tree) == expected)
            #expect(try Profile(json: profile.jsonData()) == expected)
        }

        // MARK: copy()

        @Test func structCopyEqualsTheOriginalIncludingUncodableProperties() throws {
            let profile = Self.sampleProfile()
            let copy = try profile.copy()
            #expect(copy == profile)
            #expect(copy.cache == ["hot": "no"])
        }

        @Test func classCopyIsDeep() throws {
            let branch = Branch()
            branch.name = "oak"
            branch.leaf.value = 1
            branch.optionalLeaf = Leaf()
            branch.optionalLeaf?.value = 2
            let shared = Leaf()
            shared.value = 3
            branch.leaves = [shared, Leaf()]
            branch.scratch = "edited"

            let copy = try branch.copy()
            #expect(copy !== branch)
            #expect(copy.leaf !== branch.leaf)
            #expect(copy.optionalLeaf !== branch.optionalLeaf)
            #expect(copy.leaves.count == 2)
            #expect(copy.leaves[0] !== branch.leaves[0])
            #expect(copy.leaves[1] !== branch.leaves[1])
            #expect(try copy.treeRepresentation() == branch.treeRepresentation())
            #expect(copy.leaf.value == 1)
            #expect(copy.optionalLeaf?.value == 2)
            #expect(copy.leaves.map(\.value) == [3, 0])
            #expect(copy.scratch == "edited")

            copy.leaf.value = 99
            copy.leaves[0].value = 98
            #expect(branch.leaf.value == 1)
            #expect(shared.value == 3)
        }

        // MARK: debugDescription

        @Test func structDebugDescription() {
            let item = TodoItem(label: "Buy milk", checked: true)
            #expect(item.debugDescription == #"<TodoItem; label = "Buy milk"; checked = 1>"#)
            #expect(String(reflecting: item) == item.debugDescription)
            #expect(TodoItem().debugDescription == #"<TodoItem; label = ""; checked = 0>"#)
        }

        @Test func debugDescriptionTruncatesStringsLongerThanSixteenCharacters() {
            let sixteen = TodoItem(label: "abcdefghijklmnop")
            #expect(sixteen.debugDescription == #"<TodoItem; label = "abcdefghijklmnop"; checked = 0>"#)
            let seventeen = TodoItem(label: "abcdefghijklmnopq")
            #expect(seventeen.debugDescription == #"<TodoItem; label = "abcdefghijklmno…"; checked = 0>"#)
            let seed = TodoItem(label: "Write an open source library")
            #expect(seed.debugDescription == #"<TodoItem; label = "Write an open s…"; checked = 0>"#)
        }

        @Test func debugDescriptionShowsEveryKindAndLeavesNilOut() {
            var profile = Profile()
            profile.name = "Ada"
            profile.age = 36
            profile.score = 9.5
            profile.joined = Date(timeIntervalSince1970: 0)
            profile.avatar = Data([1, 2, 3])
            profile.tags = ["a", "b"]
            profile.limits = ["daily": 3]
            let expected = "<Profile; name = \"Ada\"; age = 36; score = 9.5; active = 0; "
                + "joined = \(Date(timeIntervalSince1970: 0).description); avatar = <Data: 3 bytes>; "
                + "tags = <Array: 2 elements>; limits = <Dictionary: 1 keys>; cache = <Dictionary: 1 keys>>"
            #expect(profile.debugDescription == expected)
        }

        @Test func classDebugDescriptionShowsTheInstanceAddress() {
            let list = TodoList()
            list.items = [TodoItem(label: "a")]
            let address = String(UInt(bitPattern: ObjectIdentifier(list)), radix: 16)
            #expect(list.debugDescription == "<TodoList: 0x\(address); items = <Array: 1 elements>>")
            #expect(String(reflecting: list) == list.debugDescription)
        }

        @Test func classDebugDescriptionDiffersPerInstance() {
            let one = TodoList()
            let two = TodoList()
            #expect(one.debugDescription.hasPrefix("<TodoList: 0x"))
            #expect(one.debugDescription != two.debugDescription)
        }

        // MARK: Introspection

        @Test func allPropertyKeysInDeclarationOrderIncludingNilAndUncodable() {
            #expect(Profile.allPropertyKeys == [
                "name", "nickname", "age", "score", "active", "joined", "avatar", "tags", "limits", "cache",
            ])
            #expect(Profile.codablePropertyKeys == [
                "name", "nickname", "age", "score", "active", "joined", "avatar", "tags", "limits",
            ])
            #expect(TodoItem.allPropertyKeys == ["label", "checked"])
            #expect(TodoItem.codablePropertyKeys == ["label", "checked"])
            #expect(Branch.allPropertyKeys == ["name", "leaf", "optionalLeaf", "leaves", "scratch"])
            #expect(Branch.codablePropertyKeys == ["name", "leaf", "optionalLeaf", "leaves"])
        }

        @Test func typeNameIsTheUnqualifiedTypeName() {
            #expect(TodoItem.typeName == "TodoItem")
            #expect(TodoList.typeName == "TodoList")
            #expect(Dog.typeName == "Dog")
        }
    }

    /// Class models with subclassing, and defaults from `init()`.
    @Suite struct ModelInheritanceAndDefaultsTests {
        // MARK: Subclasses

        @Test func subclassKeyPathsMergeTheSuperclassOnes() {
            #expect(Animal.keyPaths == ["name": "animal_name"])
            #expect(Dog.keyPaths == ["name": "animal_name", "breed": "dog_breed"])
        }

        @Test func subclassReadsItsOwnAndInheritedKeys() throws {
            let dog = try Dog(object: ["animal_name": "Rex", "legs": 3, "dog_breed": "lab", "goodBoy": false])
            #expect(dog.name == "Rex")
            #expect(dog.legs == 3)
            #expect(dog.breed == "lab")
            #expect(dog.goodBoy == false)
        }

        @Test func subclassKeysAreListed() {
            #expect(Animal.allPropertyKeys == ["name", "legs"])
            #expect(Set(Dog.allPropertyKeys) == ["name", "legs", "breed", "goodBoy"])
        }

        @Test func subclassWritesAndRoundTrips() throws {
            let dog = Dog()
            dog.name = "Rex"
            dog.breed = "lab"
            dog.goodBoy = false
            let tree = try dog.treeRepresentation()
            #expect(tree["animal_name"] == "Rex")
            #expect(tree["legs"] == 4)
            #expect(tree["dog_breed"] == "lab")
            #expect(tree["goodBoy"] == false)
            #expect(tree["breed"] == nil)
            #expect(tree["name"] == nil)

            let again = try Dog(object: tree)
            #expect(try again.treeRepresentation() == tree)
            let viaJSON = try Dog(json: dog.jsonData())
            #expect(viaJSON.breed == "lab" && viaJSON.name == "Rex" && viaJSON.goodBoy == false)
            let copy = try dog.copy()
            #expect(copy !== dog)
            #expect(try copy.treeRepresentation() == tree)
        }

        @Test func subclassMissingKeysKeepItsDefaults() throws {
            var report = ModelReport()
            let dog = try Dog(object: ["animal_name": "Rex"], report: &report)
            #expect(dog.breed == "mixed")
            #expect(dog.goodBoy == true)
            #expect(dog.legs == 4)
            #expect(Set(report.defaultedKeys.map(\.description)) == ["legs", "dog_breed", "goodBoy"])
        }

        @Test func superclassIgnoresTheSubclassKeys() throws {
            var report = ModelReport()
            let animal = try Animal(object: ["animal_name": "Rex", "dog_breed": "lab"], report: &report)
            #expect(animal.name == "Rex")
            #expect(report.unusedKeys.map(\.description) == ["dog_breed"])
        }

        // MARK: Defaults

        @Test func missingKeysUseTheDefaultsOfInitIncludingNestedModels() throws {
            let settings = try Settings(object: ["fontSize": 14, "account": ["seats": 5]])
            #expect(settings.theme == "dark")
            #expect(settings.fontSize == 14)
            #expect(settings.nickname == "anon")
            #expect(settings.account == Account(plan: "free", seats: 5))
            #expect(settings.backup == Account(plan: "pro", seats: 3))
        }

        @Test func reportNamesNestedDefaultedAndUnusedKeysByTheirFullPath() throws {
            var report = ModelReport()
            _ = try Settings(
                object: ["id": "x", "theme": "light", "fontSize": 1, "nickname": "n", "backup": [:] as [String: Any],
                         "account": ["seats": 5, "extra": true]],
                report: &report)
            #expect(report.unusedKeys.map(\.description) == ["account.extra"])
            #expect(report.defaultedKeys.map(\.description) == ["account.plan", "backup.plan", "backup.seats"])
        }

        @Test func emptyObjectGivesTheDefaults() throws {
            let settings = try Settings(object: [String: Any]())
            var expected = Settings()
            expected.id = settings.id
            #expect(settings == expected)
        }

        /// DESIGN.md principle 3: the instance is a deep merge of the defaults tree and the input,
        /// so a nested key missing from the input keeps the value the *parent's* `init()` gave it.
        @Test func missingNestedKeysKeepTheParentsDefaultsForThatModel() throws {
            let settings = try Settings(object: ["backup": ["seats": 5]])
            #expect(settings.backup == Account(plan: "pro", seats: 5))
        }

        @Test func explicitNullClearsAnOptionalWithANonNilDefault() throws {
            let cleared = try Settings(object: ["nickname": NSNull()])
            #expect(cleared.nickname == nil)
            let kept = try Settings(object: ["theme": "light"])
            #expect(kept.nickname == "anon")
            let fromJSON = try Settings(json: #"{"nickname": null}"#)
            #expect(fromJSON.nickname == nil)
        }

        @Test func aFreshIdentifierDefaultIsFreshPerDecodedInstance() throws {
            let one = try Settings(object: ["theme": "light"])
            let two = try Settings(object: ["theme": "light"])
            #expect(!one.id.isEmpty)
            #expect(one.id != two.id)
            let many = try Settings.instances(array: [[:], [:], [:]] as [[String: Any]])
            #expect(Set(many.map(\.id)).count == 3)
            let given = try Settings(object: ["id": "fixed"])
            #expect(given.id == "fixed")
        }
    }
}
