import SwiftSyntax

/// What a `@Model` declaration is, as far as its syntax tells: the generated code differs for
/// structs, final classes, classes that others may subclass, and subclasses.
struct ModelShape {
    enum Kind: Equatable {
        case structure
        case finalClass
        /// A class without a model superclass that others may subclass.
        case baseClass
        /// A subclass of a `@Model` class (the first type of its inheritance clause).
        case subclass(superclass: String)
    }

    let kind: Kind
    /// The type's name as written (without generic parameters).
    let name: String
    /// `public `, `package ` or nothing: generated members that witness requirements are as
    /// visible as the type.
    let access: String
    /// Whether the class is `open` (its overridable members are then `open`).
    let isOpen: Bool

    /// Protocols a class may list first without it being taken for a superclass. A macro sees
    /// no other declaration, so any other first type of a class is taken for its superclass;
    /// a base class that lists a protocol of its own first names `Model` before it.
    static let knownProtocols: Set<String> = [
        "Model", "IdentifiedModel", "SharedModel", "BackReferencingModel",
        "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable",
        "Sendable", "AnyObject", "CustomStringConvertible", "CustomDebugStringConvertible",
        "CustomReflectable", "Error", "LocalizedError", "ObservableObject", "Observable",
    ]

    /// The shape of a struct or class declaration; `nil` for anything else.
    init?(_ declaration: some DeclGroupSyntax) {
        let modifiers = declaration.modifiers.map(\.name.text)
        isOpen = modifiers.contains("open")
        access = modifiers.contains("public") || isOpen ? "public " : modifiers.contains("package") ? "package " : ""
        if let structure = declaration.as(StructDeclSyntax.self) {
            kind = .structure
            name = structure.name.text
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            name = type.name.text
            let inherited = type.inheritanceClause?.inheritedTypes.map(\.type) ?? []
            let names = inherited.map(Self.unqualifiedName)
            if let first = inherited.first, !names.contains("Model"), !Self.knownProtocols.contains(names[0]),
                first.is(IdentifierTypeSyntax.self) || first.is(MemberTypeSyntax.self)
            {
                kind = .subclass(superclass: first.trimmedDescription)
            } else {
                kind = modifiers.contains("final") ? .finalClass : .baseClass
            }
        } else {
            return nil
        }
    }

    /// `Animal` for `Animal`, `Zoo.Animal` and `Animal<T>`; attributes (`@unchecked Sendable`)
    /// give the type they apply to.
    private static func unqualifiedName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return unqualifiedName(attributed.baseType) }
        return type.trimmedDescription
    }

    var isClass: Bool { kind != .structure }

    /// Whether subclasses may override the generated members (`class var`, `required init`).
    var isOverridable: Bool {
        switch kind {
        case .structure, .finalClass: false
        case .baseClass, .subclass: true
        }
    }

    var isSubclass: Bool {
        if case .subclass = kind { return true }
        return false
    }

    /// The modifiers of a generated static property: `static`, `class` or `override class`.
    var staticModifiers: String {
        switch kind {
        case .structure, .finalClass: "\(access)static"
        case .baseClass: "\(isOpen ? "open " : access)class"
        case .subclass: "\(isOpen ? "open " : access)override class"
        }
    }

    /// The modifiers of `encode(to:)`.
    var encodeModifiers: String {
        switch kind {
        case .structure, .finalClass: access
        case .baseClass: isOpen ? "open " : access
        case .subclass: isOpen ? "open override " : "\(access)override "
        }
    }

    /// The modifiers of `init()` and `init(from:)`.
    var initModifiers: String { isOverridable ? "\(access)required " : access }
}
