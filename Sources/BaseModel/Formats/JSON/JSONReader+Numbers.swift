import Foundation

/// Numbers: integers exactly, doubles correctly rounded.
extension JSONReader {
    // MARK: Numbers

    /// Reads a number. Integers that fit `Int64` or `UInt64` stay exact; everything else is a
    /// correctly rounded double.
    @inline(__always)
    mutating func parseNumber() throws(ModelError) -> ModelValue {
        let numberStart = index
        var position = index
        let negative = start[position] == JSONByte.minus
        if negative {
            position += 1
            guard position < count else { throw truncated() }
        }
        let integerStart = position
        var mantissa: UInt64 = 0
        let first = start[position]
        if first == JSONByte.zero {
            position += 1
            if position < count && start[position] &- JSONByte.zero < 10 {
                throw malformed("leading zeros are not allowed in numbers", at: numberStart)
            }
        } else if first &- JSONByte.zero < 10 {
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                position += 1
            }
        } else {
            throw negative
                ? malformed("expected a digit after '-'", at: position)
                : malformed("expected a digit", at: position)
        }
        let integerDigits = position - integerStart

        guard position < count, start[position] == JSONByte.period || start[position] | 0x20 == 0x65 else {
            index = position
            if integerDigits <= 19 || (integerDigits == 20 && !negative) {
                if integerDigits == 20 {
                    guard let exact = Self.exactUnsigned(start + integerStart, count: 20) else {
                        return .double(try parseDouble(from: numberStart))
                    }
                    mantissa = exact
                }
                if negative {
                    if mantissa <= UInt64(1) << 63 { return .integer(Int64(bitPattern: 0 &- mantissa)) }
                } else if mantissa <= UInt64(Int64.max) {
                    return .integer(Int64(mantissa))
                } else {
                    return .unsignedInteger(mantissa)
                }
            }
            return .double(try parseDouble(from: numberStart))
        }

        var digits = integerDigits
        var exponent = 0
        if start[position] == JSONByte.period {
            position += 1
            let fractionStart = position
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                position += 1
            }
            let fractionDigits = position - fractionStart
            if fractionDigits == 0 {
                guard position < count else { throw truncated() }
                throw malformed("expected a digit after '.'", at: position)
            }
            digits += fractionDigits
            exponent = -fractionDigits
        }
        if position < count && start[position] | 0x20 == 0x65 {
            position += 1
            guard position < count else { throw truncated() }
            var exponentNegative = false
            if start[position] == JSONByte.minus || start[position] == JSONByte.plus {
                exponentNegative = start[position] == JSONByte.minus
                position += 1
                guard position < count else { throw truncated() }
            }
            let exponentStart = position
            var explicit = 0
            while position < count {
                let digit = start[position] &- JSONByte.zero
                guard digit < 10 else { break }
                if explicit < 100_000 { explicit = explicit * 10 + Int(digit) }
                position += 1
            }
            if position == exponentStart {
                throw malformed("expected a digit in the exponent", at: position)
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        index = position

        // Up to 19 digits the mantissa is exact; with a power of ten up to 10^22 the value is
        // rounded exactly by integer arithmetic. Everything else goes to the standard library.
        if digits <= 19 && exponent >= -22 && exponent <= 22 {
            var value: Double
            if mantissa <= UInt64(1) << 53 {
                // Both the mantissa and the power of ten are exact doubles, so one IEEE
                // multiplication or division rounds correctly.
                value = Double(mantissa)
                if exponent < 0 {
                    value /= Self.powerOfTen(-exponent)
                } else if exponent > 0 {
                    value *= Self.powerOfTen(exponent)
                }
            } else {
                value = Self.roundedDouble(mantissa: mantissa, exponent10: exponent)
            }
            return .double(negative ? -value : value)
        }
        return .double(try parseDouble(from: numberStart))
    }

    /// 10^exponent for 0...22, all exactly representable.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// 5^exponent for 0...22, all below 2^53.
    @inline(__always)
    static func powerOfFive(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3_125
        case 6: 15_625
        case 7: 78_125
        case 8: 390_625
        case 9: 1_953_125
        case 10: 9_765_625
        case 11: 48_828_125
        case 12: 244_140_625
        case 13: 1_220_703_125
        case 14: 6_103_515_625
        case 15: 30_517_578_125
        case 16: 152_587_890_625
        case 17: 762_939_453_125
        case 18: 3_814_697_265_625
        case 19: 19_073_486_328_125
        case 20: 95_367_431_640_625
        case 21: 476_837_158_203_125
        default: 2_384_185_791_015_625

        }
    }

    /// `mantissa` × 10^`exponent10`, correctly rounded to nearest, ties to even, for a mantissa
    /// above 2^53 and an exponent in -22...22.
    ///
    /// 10^e = 5^e × 2^e and 5^22 < 2^52, so the value is an exact 128-bit product (e ≥ 0) or an
    /// exact 64-bit quotient with a remainder (e < 0) times a power of two. Its top 64 bits and
    /// whether anything non-zero lies below them decide the rounding exactly.
    @inline(never)
    static func roundedDouble(mantissa: UInt64, exponent10: Int) -> Double {
        let top: UInt64
        let sticky: Bool
        let binaryExponent: Int
        if exponent10 >= 0 {
            let (high, low) = mantissa.multipliedFullWidth(by: powerOfFive(exponent10))
            if high == 0 {
                let shift = low.leadingZeroBitCount
                top = low << UInt64(shift)
                sticky = false
                binaryExponent = exponent10 - shift
            } else {
                let shift = high.leadingZeroBitCount
                top = shift == 0 ? high : high << UInt64(shift) | low >> UInt64(64 - shift)
                sticky = low << UInt64(shift) != 0
                binaryExponent = exponent10 + 64 - shift
            }
        } else {
            // m / 10^k = (m × 2^s / 5^k) × 2^(-s-k), with s chosen so that the quotient has 63
            // or 64 bits and still fits in 64.
            let power = -exponent10
            let divisor = powerOfFive(power)
            let shift = (64 - divisor.leadingZeroBitCount) + 63 - (64 - mantissa.leadingZeroBitCount)
            let high = shift >= 64 ? mantissa << UInt64(shift - 64) : mantissa >> UInt64(64 - shift)
            let low = shift >= 64 ? 0 : mantissa << UInt64(shift)
            let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: UInt64(low)))
            if quotient.leadingZeroBitCount == 0 {
                top = quotient
                sticky = remainder != 0
                binaryExponent = -shift - power
            } else {
                // One more bit of the quotient, from the remainder.
                let doubled = remainder << 1
                let bit: UInt64 = doubled >= divisor ? 1 : 0
                top = quotient << 1 | bit
                sticky = doubled - bit * divisor != 0
                binaryExponent = -shift - power - 1
            }
        }
        // value = (top + fraction) × 2^binaryExponent, fraction ≠ 0 exactly when sticky; the top
        // bit of `top` is set, so the significand has 53 bits before rounding.
        var significand = top >> 11
        var exponent = binaryExponent + 11
        let rest = top & 0x7FF
        if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) {
            significand += 1
            if significand == 1 << 53 {
                significand >>= 1
                exponent += 1
            }
        }
        // value = significand × 2^exponent = 1.fraction × 2^(exponent + 52), always a normal
        // double for the mantissas and exponents this function receives.
        let biased = UInt64(exponent + 52 + 1023)
        return Double(bitPattern: biased << 52 | significand & 0x000F_FFFF_FFFF_FFFF)
    }

    /// The value of `count` decimal digits, or `nil` when it exceeds `UInt64.max`.
    static func exactUnsigned(_ digits: UnsafePointer<UInt8>, count: Int) -> UInt64? {
        var value: UInt64 = 0
        for position in 0..<count {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digits[position] &- JSONByte.zero))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Converts the already validated number from `numberStart` to the index with the standard
    /// library's correctly rounded conversion.
    @inline(never)
    func parseDouble(from numberStart: Int) throws(ModelError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: start + numberStart, count: index - numberStart), as: UTF8.self)
        guard let value = Double(text) else {
            throw malformed("invalid number", at: numberStart)
        }
        guard value.isFinite else {
            throw failure(.malformed("number is too large for a double"), at: numberStart)
        }
        return value
    }
}
