import Foundation

extension DecodingLimits {
    /// Runs `body`, the decode of another format's bytes found inside the input of the decode
    /// running (an envelope's sealed bytes, a keyed archive embedded in a fast file, the archive
    /// CryptoCoding decrypts), within what is left of that decode's limits, so that one
    /// top-level decode has one depth limit and one budget however its formats nest.
    ///
    /// The nested bytes count as one level of nesting below the `depth` containers that hold
    /// them, and their decode may build what the outer decode has not: its values and bytes of
    /// strings and data add to the outer decode's (the caller counts what `body` returns). A
    /// chain of formats inside formats therefore stops at ``maximumDepth`` levels with a typed
    /// error, and never decodes with a budget of its own. Errors from `body` that name the
    /// nested decode's share of a limit name the whole limit instead.
    ///
    /// - Parameters:
    ///   - depth: how many containers hold the nested bytes in the outer decode.
    ///   - values: the values the outer decode has built so far, and its budget.
    ///   - stringBytes: the bytes of strings and data it has built so far, and its budget.
    ///   - path: where the nested bytes are, for the errors of this call.
    ///   - format: the outer format, for the errors of this call.
    /// - Throws: ``ModelError`` with ``ModelError/Reason/unsupported(_:)`` naming the limit when
    ///   the nested bytes are one level too deep or the budget is spent, and `body`'s errors.
    package static func decodeNested<T>(
        depth: Int, values: (used: Int, limit: Int), stringBytes: (used: Int, limit: Int),
        at path: ModelPath = ModelPath(), format: String, _ body: () throws(ModelError) -> T
    ) throws(ModelError) -> T {
        let outer = current
        guard depth + 1 < outer.maximumDepth else { throw ModelError(depthExceeded(outer.maximumDepth), path: path, format: format) }
        guard values.used < values.limit else { throw ModelError(valuesExceeded(values.limit), path: path, format: format) }
        guard stringBytes.used <= stringBytes.limit else {
            throw ModelError(stringBytesExceeded(stringBytes.limit), path: path, format: format)
        }
        let inner = DecodingLimits(
            maximumDepth: outer.maximumDepth - depth - 1, maximumValues: values.limit - values.used,
            maximumStringBytes: stringBytes.limit - stringBytes.used)
        do {
            return try $current.withValue(inner) { Result { () throws(ModelError) -> T in try body() } }.get()
        } catch {
            var named = error
            if error.reason == depthExceeded(inner.maximumDepth) {
                named.reason = depthExceeded(outer.maximumDepth)
            } else if error.reason == valuesExceeded(values.limit - values.used) {
                named.reason = valuesExceeded(values.limit)
            } else if error.reason == stringBytesExceeded(stringBytes.limit - stringBytes.used) {
                named.reason = stringBytesExceeded(stringBytes.limit)
            }
            throw named
        }
    }

    /// Runs `body`, the decode of bytes that a codec made of its whole input of `byteCount`
    /// bytes (an envelope's plaintext, CryptoCoding's decrypted archive), as
    /// ``decodeNested(depth:values:stringBytes:at:format:_:)`` at depth 0 after `used`, what the
    /// codec has built itself.
    ///
    /// - Throws: as ``decodeNested(depth:values:stringBytes:at:format:_:)``.
    package static func decodeNested<T>(
        inputOf byteCount: Int, after used: ModelValue? = nil, format: String, _ body: () throws(ModelError) -> T
    ) throws(ModelError) -> T {
        let limits = current
        return try decodeNested(
            depth: 0, values: (used?.nodeCount ?? 0, limits.values(forInputOf: byteCount)),
            stringBytes: (used?.stringByteCount ?? 0, limits.stringBytes(forInputOf: byteCount)), format: format, body)
    }

    /// Whether `reason` is one of a decode's limits being reached (depth, values, string bytes).
    package static func isExceeded(_ reason: ModelError.Reason) -> Bool {
        guard case .unsupported(let text) = reason else { return false }
        return ["maximumDepth", "maximumValues", "maximumStringBytes"].contains { text.hasSuffix("(DecodingLimits.\($0))") }
    }
}
