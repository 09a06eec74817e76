import SwiftDiagnostics

/// The mistakes the model macros report at compile time, each with a message written for the
/// person at the editor.
enum ModelDiagnostic: DiagnosticMessage {
    case notAStructOrClass(kind: String)
    case missingDefault(property: String)
    case requiredWithoutPlaceholder(property: String)
    case duplicateRemoteKey(property: String, key: String, other: String)
    case stringTable(name: String)
    case letWithDefault(property: String)
    case attributeOnComputedProperty(attribute: String)
    case attributeOnStaticProperty(attribute: String)
    case attributeNotOnProperty(attribute: String)
    case attributeOutsideModel(attribute: String)
    case attributeRepeated(attribute: String)
    case attributeOnUncodable(attribute: String)
    case transformOnPolymorphic
    case existentialWithoutPolymorphism(property: String, type: String)

    var message: String {
        switch self {
        case .notAStructOrClass(let kind):
            "@Model applies to a struct or a class, not to \(kind)"
        case .missingDefault(let property):
            "stored property '\(property)' has no default: add a default: it is the value a missing key keeps"
        case .requiredWithoutPlaceholder(let property):
            "stored property '\(property)' has no default, and @Polymorphic names no type for init() to fill it with: "
                + "add a default, or write the types in the attribute ('fallback: Circle.self' or [\"circle\": Circle.self])"
        case .duplicateRemoteKey(let property, let key, let other):
            "'\(property)' is mapped to the remote key '\(key)', as '\(other)' is: each remote key holds one property"
        case .stringTable("polymorphism"):
            "'polymorphism' is not read for a @Model type: declare it on the property with @Polymorphic"
        case .stringTable(let name):
            "'\(name)' is not read for a @Model type: declare the mapping on the property with @Key, @Transform or @Uncodable"
        case .letWithDefault(let property):
            "'\(property)' is a 'let' with a default: it is written but never read; make it 'var' to read it"
        case .attributeOnComputedProperty(let attribute):
            "@\(attribute) applies to stored properties: a computed property is never read or written"
        case .attributeOnStaticProperty(let attribute):
            "@\(attribute) applies to instance properties: a static property is never read or written"
        case .attributeNotOnProperty(let attribute):
            "@\(attribute) applies to a stored property of a @Model type"
        case .attributeOutsideModel(let attribute):
            "@\(attribute) has no effect outside a @Model type: add @Model to the type"
        case .attributeRepeated(let attribute):
            "@\(attribute) is given twice: a property has one; list fallbacks in one @Key(\"a\", \"b\")"
        case .attributeOnUncodable(let attribute):
            "@\(attribute) has no effect on an @Uncodable property, which is never read or written"
        case .transformOnPolymorphic:
            "@Transform does not combine with @Polymorphic: the type tag is read from the value as the payload holds it"
        case .existentialWithoutPolymorphism(let property, let type):
            "'\(property)' is typed with a protocol ('\(type)'), which is not Decodable: a payload can say which model it is only "
                + "through a polymorphism; add @Polymorphic(.tag(\"type\", [\"circle\": Circle.self, …])) naming the model for each tag"
        }
    }

    /// Whether removing the attribute is the fix (for a misplaced attribute that can do nothing).
    var removesAttribute: Bool {
        switch self {
        case .attributeOnComputedProperty, .attributeOnStaticProperty: true
        default: false
        }
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .letWithDefault: .warning
        default: .error
        }
    }

    var diagnosticID: MessageID {
        let name: String
        switch self {
        case .notAStructOrClass: name = "notAStructOrClass"
        case .missingDefault: name = "missingDefault"
        case .requiredWithoutPlaceholder: name = "requiredWithoutPlaceholder"
        case .duplicateRemoteKey: name = "duplicateRemoteKey"
        case .stringTable: name = "stringTable"
        case .letWithDefault: name = "letWithDefault"
        case .attributeOnComputedProperty: name = "attributeOnComputedProperty"
        case .attributeOnStaticProperty: name = "attributeOnStaticProperty"
        case .attributeNotOnProperty: name = "attributeNotOnProperty"
        case .attributeOutsideModel: name = "attributeOutsideModel"
        case .attributeRepeated: name = "attributeRepeated"
        case .attributeOnUncodable: name = "attributeOnUncodable"
        case .transformOnPolymorphic: name = "transformOnPolymorphic"
        case .existentialWithoutPolymorphism: name = "existentialWithoutPolymorphism"
        }
        return MessageID(domain: "BaseModelMacros", id: name)
    }
}

/// The notes attached to a diagnostic.
enum ModelNote: NoteMessage {
    case firstMappedHere(property: String)

    var message: String {
        switch self {
        case .firstMappedHere(let property): "'\(property)' is mapped to it here"
        }
    }

    var noteID: MessageID {
        switch self {
        case .firstMappedHere: MessageID(domain: "BaseModelMacros", id: "firstMappedHere")
        }
    }
}

/// The fix-its offered with the diagnostics.
enum ModelFixIt: FixItMessage {
    case insertDefault(String)
    case removeAttribute(String)
    case makeVar

    var message: String {
        switch self {
        case .insertDefault(let value): "insert the default '\(value)'"
        case .removeAttribute(let attribute): "remove @\(attribute)"
        case .makeVar: "make it 'var'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .insertDefault: MessageID(domain: "BaseModelMacros", id: "insertDefault")
        case .removeAttribute: MessageID(domain: "BaseModelMacros", id: "removeAttribute")
        case .makeVar: MessageID(domain: "BaseModelMacros", id: "makeVar")
        }
    }
}
