/// Swift names for the keys and types of a sample: camel case for properties, upper camel case
/// for types, arrays' element types in the singular, and never a keyword or a name the model
/// macro or Foundation already uses.
enum SwiftName {
    /// `screen_name`, `screen-name`, `Screen Name`, `NS.screenName` → `screenName`,
    /// `nsScreenName`; `$0` → `value0`; a keyword is written in backticks.
    static func property(_ key: String) -> String {
        let words = self.words(key)
        guard let first = words.first else { return "value" }
        var name = lowercasedLead(first) + words.dropFirst().map(capitalized).joined()
        if name.first?.isNumber == true { name = "value" + name }
        if reservedMembers.contains(name) { name += "Value" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// `search_metadata` → `SearchMetadata`; a name Swift, Foundation or the library already
    /// gives a type gets `Model` appended (`Date` → `DateModel`).
    static func type(_ text: String) -> String {
        var name = words(text).map(capitalized).joined()
        if name.isEmpty { name = "Value" }
        if name.first?.isNumber == true { name = "Model" + name }
        if reservedTypes.contains(name) || keywords.contains(name) { name += "Model" }
        return name
    }

    /// `$class` names are kept when they are identifiers already (`NSValue`,
    /// `_NSKeyedCoderOldStyleArray`); others are made into one.
    static func className(_ name: String) -> String {
        let isIdentifier = name.first.map { $0 == "_" || $0.isLetter } == true
            && name.allSatisfy { $0 == "_" || (($0.isLetter || $0.isNumber) && $0.isASCII) }
        guard isIdentifier, !reservedTypes.contains(name), !keywords.contains(name) else { return type(name) }
        return name
    }

    /// The singular of an English plural, as array keys are: `statuses` → `status`,
    /// `categories` → `category`, `hashtags` → `hashtag`; `data` and words not ending in `s`
    /// are kept.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        for (plural, single) in [("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("uses", "us")]
        where lower.hasSuffix(plural) && word.count > plural.count + 1 {
            return String(word.dropLast(plural.count)) + single
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") || !lower.hasSuffix("s") || word.count < 3 {
            return word
        }
        return String(word.dropLast())
    }

    /// The words of a key: split at characters that are not letters or digits, and before an
    /// upper-case letter that follows a lower-case one or starts a word after an acronym
    /// (`NSRangeCount` → `NS`, `Range`, `Count`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard (character.isLetter || character.isNumber) && character.isASCII || character.isLetter else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, let previous = current.last {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        let rest = word.dropFirst()
        // An acronym stays as written (`userID`, `NSValue`); a lower-case word gets a capital.
        return first.uppercased() + rest
    }

    private static func lowercasedLead(_ word: String) -> String {
        word.allSatisfy { !$0.isLowercase } ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    /// Swift keywords, written in backticks as property names and suffixed as type names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any", "consume", "copy", "borrowing",
        "consuming", "package",
    ]

    /// Members the model macro or the `Model` protocol declare: a key of that name gets `Value`.
    static let reservedMembers: Set<String> = [
        "keyPaths", "keyCase", "transformers", "uncodableKeys", "coercion", "typeName", "schemaVersion",
        "migrations", "keepsUnknownKeys", "declaredProperties", "polymorphism", "encode", "make",
        "CodingKeys", "description", "debugDescription", "dictionaryRepresentation", "hash", "hashValue",
    ]

    /// Type names a generated type must not shadow.
    static let reservedTypes: Set<String> = [
        "Date", "Data", "URL", "UUID", "String", "Int", "Int64", "UInt64", "Double", "Float", "Bool", "Array",
        "Dictionary", "Set", "Optional", "Character", "Decimal", "Error", "Never", "Void", "Codable",
        "Encoder", "Decoder", "ModelValue", "Model", "Key", "Transform", "Polymorphic", "Uncodable",
        "ModelTransformer", "ModelReport", "ModelRegistry", "ModelContext", "ModelFormat", "ModelError",
        "KeyCase", "RemoteKeyPath", "Polymorphism", "Coercion", "Foundation", "BaseModel", "BaseModelMacros",
        "NSObject", "NSNull", "NSNumber", "NSString", "NSArray", "NSDictionary", "NSData", "NSDate", "NSURL",
        "Sendable", "Hashable", "Equatable",
    ]
}
