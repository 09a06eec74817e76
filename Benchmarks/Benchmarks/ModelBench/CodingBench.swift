import BaseModel
import Benchmark
import Foundation

// Issue 4: encoding and decoding whole models of twitter.json, citm_catalog.json and canada.json
// in each format a Swift app could save them in, measured in the same run.
//
// Per file, each route is encoded from the model made once outside the loop, and decoded from the
// bytes that same route wrote:
//   fast   ours, FastCoding 3.3:        model.data(format: .fast)          / T(data:)
//          (encoding goes through the one encoder's fast writer, without the tree)
//   fastT  ours, FastCoding 3.3 through the typed tree: the fast codec's encodeTree(ModelEncoder(
//          registry:).encode(model)) / its decodeTree + ModelDecoder, measured in the same run
//   ka     ours, keyed archive:         model.data(format: .keyedArchive)  / T(data:)
//   json   ours, JSON (for context):    model.data(format: .json)          / T(json:)
//   JSON   Foundation JSONEncoder / JSONDecoder (the model's own strategies, see Decoders)
//   JSONe  Foundation JSONEncoder / JSONDecoder on equal work (EqualWork.swift: twitter's dates
//          read and written by a fixed-width parser, as ours are, not by DateFormatter)
//   plist  Foundation PropertyListEncoder (binary) / PropertyListDecoder
//   nska   Foundation NSKeyedArchiver / NSKeyedUnarchiver, on NSCoding mirror classes holding the
//          same data (Archiving/); the mirror graph is made once outside the loop, and decoding
//          stops at the mirror graph, as an app using NSCoding would
//   floor  copying the fast bytes once: the least any decoder of those bytes can cost
//
// Before the first measurement of a file, `CodingFixture.check()` encodes and decodes once by
// every route, stops the run if any route gives back a model that differs, and prints each
// route's encoded size (sizes are not timings, so they are printed, not benchmarked).
//
// Run only these: --filter 'codec.*' (or 'codec twitter.*', 'codec .* fast.*').

/// A coding route of the issue-4 benchmarks, in the order they are printed.
enum CodingRoute: String, CaseIterable {
    case fast = "fast  ours FastCoding"
    case fastTree = "fastT ours FastCoding through the tree"
    case keyedArchive = "ka    ours keyed archive"
    case json = "json  ours JSON"
    case foundationJSON = "JSON  Foundation JSONEncoder/Decoder"
    case foundationJSONEqualWork = "JSONe Foundation JSONEncoder/Decoder equal work"
    case foundationPlist = "plist Foundation PropertyListEncoder/Decoder binary"
    case nsKeyedArchiver = "nska  Foundation NSKeyedArchiver/Unarchiver NSCoding"
}

/// The FastCoding format, by name, so that this package builds and runs the other routes before
/// the root package registers a `fast` codec.
let fastFormat = ModelFormat(rawValue: "fast")

/// One corpus file for the coding benchmarks: its model, the mirror graph for NSKeyedArchiver, the
/// Foundation coders configured once, and each route's bytes. Made and used on the benchmark
/// runner's thread only.
final class CodingFixture<T: Model & Equatable, Mirror: NSObject>: @unchecked Sendable {
    let label: String
    let file: String
    let makeJSONEncoder: () -> JSONEncoder
    let makeJSONDecoder: () -> JSONDecoder
    let makeMirror: (T) -> Mirror
    let modelOfMirror: (Mirror) -> T

    init(
        label: String, file: String,
        jsonEncoder: @escaping () -> JSONEncoder, jsonDecoder: @escaping () -> JSONDecoder,
        mirror: @escaping (T) -> Mirror, model: @escaping (Mirror) -> T
    ) {
        self.label = label
        self.file = file
        makeJSONEncoder = jsonEncoder
        makeJSONDecoder = jsonDecoder
        makeMirror = mirror
        modelOfMirror = model
    }

    lazy var model: T = {
        do { return try T(json: Corpus.data(named: file)) } catch { fatalError("ModelBench: \(file): \(error)") }
    }()

    lazy var mirror: Mirror = makeMirror(model)
    lazy var jsonEncoder: JSONEncoder = makeJSONEncoder()
    lazy var jsonDecoder: JSONDecoder = makeJSONDecoder()
    lazy var equalWorkEncoder: JSONEncoder = EqualWork.jsonEncoder(for: file)
    lazy var equalWorkDecoder: JSONDecoder = EqualWork.jsonDecoder(for: file)
    let plistEncoder: PropertyListEncoder = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return encoder
    }()
    let plistDecoder = PropertyListDecoder()

    /// Whether the root package has a `fast` codec; the fast routes are skipped (and say so) when not.
    lazy var hasFast: Bool = (try? FormatRegistry.shared.codec(for: fastFormat)) != nil

    /// A context whose only codec is `fast` behind ``TreePath``, so models go through the tree.
    lazy var fastTreeContext: ModelContext = {
        guard let fast = try? FormatRegistry.shared.codec(for: fastFormat) else { return .shared }
        return ModelContext(formats: FormatRegistry(codecs: [TreePath(inner: fast)]))
    }()

    /// Encodes the model by `route`.
    func encode(_ route: CodingRoute) throws -> Data {
        switch route {
        case .fast: return try model.data(format: fastFormat)
        case .fastTree: return try model.data(format: fastFormat, context: fastTreeContext)
        case .keyedArchive: return try model.data(format: .keyedArchive)
        case .json: return try model.data(format: .json)
        case .foundationJSON: return try jsonEncoder.encode(model)
        case .foundationJSONEqualWork: return try equalWorkEncoder.encode(model)
        case .foundationPlist: return try plistEncoder.encode(model)
        case .nsKeyedArchiver: return Archiver.archive(mirror)
        }
    }

    /// Decodes bytes `route` wrote. The NSKeyedArchiver route returns the mirror graph.
    func decode(_ route: CodingRoute, _ data: Data) throws -> Any {
        switch route {
        case .fast, .keyedArchive: return try T(data: data)
        case .fastTree: return try T(data: data, context: fastTreeContext)
        case .json: return try T(json: data)
        case .foundationJSON: return try jsonDecoder.decode(T.self, from: data)
        case .foundationJSONEqualWork: return try equalWorkDecoder.decode(T.self, from: data)
        case .foundationPlist: return try plistDecoder.decode(T.self, from: data)
        case .nsKeyedArchiver: return try Archiver.unarchive(Mirror.self, from: data)
        }
    }

    /// Each route's bytes, written once by `check()`.
    private(set) var encoded: [CodingRoute: Data] = [:]

    func bytes(_ route: CodingRoute) -> Data {
        check()
        guard let data = encoded[route] else { fatalError("ModelBench: \(file): no bytes for \(route)") }
        return data
    }

    /// Whether NSKeyedArchiver is left out. Foundation on Linux uniques archived objects in a
    /// dictionary keyed by the objects themselves, and `NSArray.hash` is its count: canada.json's
    /// 111,000 two-element coordinate arrays all collide, so one archive did not finish in ten minutes.
    var skipsArchiver: Bool { label == "canada" }

    var routes: [CodingRoute] {
        CodingRoute.allCases.filter {
            (hasFast || ($0 != .fast && $0 != .fastTree)) && !(skipsArchiver && $0 == .nsKeyedArchiver)
        }
    }

    private var checked = false

    /// Encodes and decodes once by every route, stops the run when a route gives back a model that
    /// differs from the one encoded, and prints the sizes.
    func check() {
        guard !checked else { return }
        checked = true
        let original = Corpus.data(named: file)
        var lines = ["ModelBench sizes, \(file) (the file: \(original.count) bytes):"]
        for route in routes {
            let data: Data, decoded: T
            do {
                data = try encode(route)
                let value = try decode(route, data)
                decoded = (value as? T) ?? (value as? Mirror).map(modelOfMirror) ?? T()
            } catch {
                fatalError("ModelBench: \(file): route \(route.rawValue) failed: \(error)")
            }
            guard decoded == model else { fatalError("ModelBench: \(file): route \(route.rawValue) gives back a different model") }
            if route == .fastTree, data != encoded[.fast] {
                fatalError("ModelBench: \(file): the streamed fast bytes differ from the tree path's")
            }
            encoded[route] = data
            lines.append("  \(route.rawValue): \(data.count) bytes")
        }
        if !hasFast { lines.append("  fast: no codec registered for 'fast'; skipped") }
        if skipsArchiver { lines.append("  nska: skipped (NSKeyedArchiver on Linux is quadratic in equal-count arrays)") }
        if let fast = encoded[.fast] {
            for route in routes where route != .fast && route != .fastTree {
                let ratio = Double(fast.count) / Double(encoded[route]!.count)
                lines.append("  fast / \(route.rawValue.prefix(5).trimmingCharacters(in: .whitespaces)): \(String(format: "%.2f", ratio))")
            }
        }
        print(lines.joined(separator: "\n"))
    }
}

func registerCodingSuite<T: Model & Equatable, Mirror: NSObject>(_ fixture: CodingFixture<T, Mirror>) {
    func add(_ name: String, _ body: @escaping (Benchmark) throws -> Void) {
        // Shorter than the decoding suites' 3 s: 45 benchmarks have to fit one run on a loaded machine.
        Benchmark(
            "codec \(fixture.label) \(name)",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
                warmupIterations: 2, maxDuration: .seconds(1), maxIterations: 200),
            closure: { benchmark in try body(benchmark) }, setup: { fixture.check() })
    }
    for route in CodingRoute.allCases {
        add("encode \(route.rawValue)") { benchmark in
            guard fixture.routes.contains(route) else { return }
            for _ in benchmark.scaledIterations { blackHole(try fixture.encode(route)) }
        }
        add("decode \(route.rawValue)") { benchmark in
            guard fixture.routes.contains(route) else { return }
            let data = fixture.bytes(route)
            for _ in benchmark.scaledIterations { blackHole(try fixture.decode(route, data)) }
        }
    }
    add("floor copy the fast bytes once") { benchmark in
        guard fixture.hasFast else { return }
        let data = fixture.bytes(.fast)
        for _ in benchmark.scaledIterations {
            blackHole(data.withUnsafeBytes { Data($0) })
        }
    }
}

/// Registers every model type of the three files, so that the typed formats (keyed archive, fast)
/// can decode their class names.
func registerCorpusModels() {
    let types: [any Model.Type] = [
        TwitterSearch.self, SearchMetadata.self, Status.self, StatusMetadata.self, User.self, UserEntities.self,
        URLEntities.self, Entities.self, Hashtag.self, URLEntity.self, UserMention.self, Media.self,
        MediaSizes.self, MediaSize.self,
        CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self,
        CanadaFeatureCollection.self, CanadaFeature.self, CanadaGeometry.self,
    ]
    for type in types { ModelRegistry.shared.register(type) }
}

func registerCodingSuites() {
    registerCorpusModels()
    registerCodingSuite(CodingFixture<TwitterSearch, TwitterSearchObject>(
        label: "twitter", file: "twitter.json",
        jsonEncoder: Encoders.twitter, jsonDecoder: Decoders.twitter,
        mirror: TwitterSearchObject.init, model: \.model))
    registerCodingSuite(CodingFixture<CitmCatalog, CitmCatalogObject>(
        label: "citm", file: "citm_catalog.json",
        jsonEncoder: { JSONEncoder() }, jsonDecoder: Decoders.citm,
        mirror: CitmCatalogObject.init, model: \.model))
    registerCodingSuite(CodingFixture<CanadaFeatureCollection, CanadaFeatureCollectionObject>(
        label: "canada", file: "canada.json",
        jsonEncoder: { JSONEncoder() }, jsonDecoder: { JSONDecoder() },
        mirror: CanadaFeatureCollectionObject.init, model: \.model))
}

/// The `JSONEncoder` set-up that writes what `Decoders` reads.
enum Encoders {
    /// `.convertToSnakeCase` and the `.formatted` date strategy of `TwitterSearch.makeJSONDecoder()`.
    static func twitter() -> JSONEncoder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = twitterDateFormat
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .formatted(formatter)
        return encoder
    }
}
