/// The `NSValue` kinds FastCoding stores: points, sizes, rectangles, ranges, vectors and
/// transforms. Each is written as aligned `Float64`s (ranges as two `UInt32`).
///
/// FastCoding's writer put every `NSValue` into the object cache while its reader never did, so
/// every object alias after an `NSValue` pointed one entry off. ``FastWriter`` does not cache
/// them, which keeps its files readable by the original reader. The original writer also left
/// affine transforms unaligned while its reader aligns them; this library aligns on both sides.
enum FastGeometry: Sendable, Hashable {
    /// `CGPoint`/`NSPoint`.
    case point(x: Double, y: Double)
    /// `CGSize`/`NSSize`.
    case size(width: Double, height: Double)
    /// `CGRect`/`NSRect`.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// `NSRange`, as 32-bit location and length.
    case range(location: UInt32, length: UInt32)
    /// `CGVector`.
    case vector(dx: Double, dy: Double)
    /// `CGAffineTransform`: a, b, c, d, tx, ty (six values).
    case affineTransform([Double])
    /// `CATransform3D`: m11 … m44 (sixteen values).
    case transform3D([Double])

    /// The chunk tag of this kind.
    var tag: FastTag {
        switch self {
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .range: .range
        case .vector: .vector
        case .affineTransform: .affineTransform
        case .transform3D: .transform3D
        }
    }

    /// The doubles of this value in file order (empty for a range).
    var components: [Double] {
        switch self {
        case .point(let x, let y): [x, y]
        case .size(let width, let height): [width, height]
        case .rect(let x, let y, let width, let height): [x, y, width, height]
        case .range: []
        case .vector(let dx, let dy): [dx, dy]
        case .affineTransform(let values), .transform3D(let values): values
        }
    }

    /// How many doubles a chunk with `tag` holds, or `nil` when it is not a geometry tag or is a
    /// range.
    static func doubleCount(for tag: FastTag) -> Int? {
        switch tag {
        case .point, .size, .vector: 2
        case .rect: 4
        case .affineTransform: 6
        case .transform3D: 16
        default: nil
        }
    }

    /// The value a chunk with `tag` and these doubles stands for.
    static func make(_ tag: FastTag, _ values: [Double]) -> FastGeometry? {
        switch (tag, values.count) {
        case (.point, 2): .point(x: values[0], y: values[1])
        case (.size, 2): .size(width: values[0], height: values[1])
        case (.rect, 4): .rect(x: values[0], y: values[1], width: values[2], height: values[3])
        case (.vector, 2): .vector(dx: values[0], dy: values[1])
        case (.affineTransform, 6): .affineTransform(values)
        case (.transform3D, 16): .transform3D(values)
        default: nil
        }
    }

    /// The keys of this kind's dictionary in a graph or tree, in file order: `x, y` (point),
    /// `width, height` (size), `x, y, width, height` (rect), `location, length` (range), `dx, dy`
    /// (vector), `a, b, c, d, tx, ty` (affine transform), `m11` … `m44` (3D transform).
    var keyNames: [String] {
        switch self {
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["x", "y", "width", "height"]
        case .range: ["location", "length"]
        case .vector: ["dx", "dy"]
        case .affineTransform: ["a", "b", "c", "d", "tx", "ty"]
        case .transform3D: (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
        }
    }

    /// The value a dictionary with these keys, in this order, and these numbers stands for
    /// (see ``keyNames``); `nil` when the keys are no kind's, or a range's numbers are not whole
    /// numbers that fit 32 bits.
    init?(keys: [String], values: [Double]) {
        guard keys.count == values.count, let first = keys.first else { return nil }
        let kind: FastGeometry
        switch (first, keys.count) {
        case ("x", 2): kind = .point(x: values[0], y: values[1])
        case ("width", 2): kind = .size(width: values[0], height: values[1])
        case ("x", 4): kind = .rect(x: values[0], y: values[1], width: values[2], height: values[3])
        case ("location", 2):
            guard let location = UInt32(exactly: values[0]), let length = UInt32(exactly: values[1]) else { return nil }
            kind = .range(location: location, length: length)
        case ("dx", 2): kind = .vector(dx: values[0], dy: values[1])
        case ("a", 6): kind = .affineTransform(values)
        case ("m11", 16): kind = .transform3D(values)
        default: return nil
        }
        guard kind.keyNames == keys else { return nil }
        self = kind
    }
}
