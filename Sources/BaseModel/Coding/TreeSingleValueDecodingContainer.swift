/// The single-value container of any value.
struct TreeSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: ModelValue {
        get throws(ModelError) { try decoder.value }
    }

    func decodeNil() -> Bool { decoder.state.isNull(decoder.input) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool(try value, at: nil) }
    func decode(_ type: String.Type) throws -> String { try decoder.unboxString(try value, at: nil) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unboxDouble(try value, at: nil) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloat(try value, at: nil) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(type, try value, at: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(type, try value, at: nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeChild(type, from: decoder.input, component: nil)
    }
}
