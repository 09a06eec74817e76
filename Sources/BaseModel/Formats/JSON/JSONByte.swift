/// ASCII bytes the JSON grammar names.
enum JSONByte {
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let period: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let singleQuote: UInt8 = 0x27
}
