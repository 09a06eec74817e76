import BaseModel
import Benchmark
import Foundation

// Decoding the twitter.json and citm_catalog.json corpus files with BaseModel and with
// Foundation, on the same model types (Tests/BaseModelTests/Corpus, linked here).
//
// Per file:
//   a   ours, Data:            T(json:)
//   b1  ours, [String: Any]:   JSONSerialization.jsonObject + T(object:)
//   b2  ours, [String: Any]:   T(object:) alone, the object made once outside the loop
//   c   Foundation:            JSONDecoder.decode
//   d1  Foundation + glue:     JSONSerialization.jsonObject + data(withJSONObject:) + JSONDecoder
//   d2  Foundation + glue:     data(withJSONObject:) + JSONDecoder, the object made once outside
//   e1  component:             ModelValue(data:) of JSON (detection and the parser's tree)
//   e2  component:             ModelDecoder.decode from a tree parsed once outside the loop
//   e3  component:             JSONSerialization.jsonObject
//   e4  component:             ModelValue(foundation:) from an object made once outside the loop

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    registerSuite(
        Fixture<TwitterSearch>(label: "twitter", file: "twitter.json", makeDecoder: Decoders.twitter))
    registerSuite(
        Fixture<CitmCatalog>(label: "citm", file: "citm_catalog.json", makeDecoder: Decoders.citm))
    registerCodingSuites()
}

// MARK: - Foundation decoders

/// The `JSONDecoder` set-up each corpus's models need, as the model files define it.
enum Decoders {
    /// `.convertFromSnakeCase` and a `.formatted` date strategy for `created_at`
    /// ("EEE MMM dd HH:mm:ss Z yyyy", en_US_POSIX, GMT): `TwitterSearch.makeJSONDecoder()`.
    static func twitter() -> JSONDecoder { TwitterSearch.makeJSONDecoder() }

    /// The keys are already camel case and `start` is a plain number: a default decoder.
    static func citm() -> JSONDecoder { JSONDecoder() }
}

// MARK: - Fixture

/// One corpus file and what the benchmarks prepare from it outside the measured loops. Made and
/// used on the benchmark runner's thread only.
final class Fixture<T: Model & Equatable>: @unchecked Sendable {
    let label: String
    let file: String
    let makeDecoder: @Sendable () -> JSONDecoder

    init(label: String, file: String, makeDecoder: @escaping @Sendable () -> JSONDecoder) {
        self.label = label
        self.file = file
        self.makeDecoder = makeDecoder
    }

    /// The file's bytes. Read on first use, so that listing the benchmarks reads nothing.
    lazy var data: Data = Corpus.data(named: file)

    /// The `JSONDecoder` used by every Foundation benchmark, configured once (a `DateFormatter`
    /// is expensive to make, and a real app keeps its decoder).
    lazy var jsonDecoder: JSONDecoder = makeDecoder()

    /// The tree the JSON codec makes, for the decode-only benchmark.
    lazy var tree: ModelValue = {
        do { return try ModelValue(data: data) } catch { fatalError("ModelBench: \(file): the JSON parser failed: \(error)") }
    }()

    /// The untyped object `JSONSerialization` makes, for the object-only benchmarks.
    lazy var object: Any = {
        do { return try JSONSerialization.jsonObject(with: data) } catch {
            fatalError("ModelBench: \(file): JSONSerialization failed: \(error)")
        }
    }()

    private var checked = false

    /// Decodes the file once by each route before the first benchmark of the file runs. Stops the
    /// run if a route fails or if ours and `JSONDecoder` disagree, so the numbers compare the same
    /// work on the same values.
    func check() {
        guard !checked else { return }
        checked = true
        let fromData: T, fromObject: T, fromFoundation: T
        do { fromData = try T(json: data) } catch { fatalError("ModelBench: \(file): init(json:) failed: \(error)") }
        do { fromObject = try T(object: object) } catch { fatalError("ModelBench: \(file): init(object:) failed: \(error)") }
        do { fromFoundation = try jsonDecoder.decode(T.self, from: data) } catch {
            fatalError("ModelBench: \(file): JSONDecoder failed: \(error)")
        }
        guard fromData == fromFoundation, fromObject == fromFoundation else {
            fatalError("""
                ModelBench: \(file): the routes decode different values \
                (jsonData == JSONDecoder: \(fromData == fromFoundation), object == JSONDecoder: \(fromObject == fromFoundation))
                """)
        }
    }
}

// MARK: - Benchmarks

func registerSuite<T: Model & Equatable>(_ fixture: Fixture<T>) {
    let label = fixture.label

    func add(_ name: String, prepare: @escaping () -> Void = {}, _ body: @escaping (Benchmark) throws -> Void) {
        Benchmark(
            "\(label) \(name)",
            closure: { benchmark in try body(benchmark) },
            setup: {
                fixture.check()
                prepare()
            }
        )
    }

    add("a    ours Data: init(json:)", prepare: { _ = fixture.data }) { benchmark in
        let data = fixture.data
        for _ in benchmark.scaledIterations {
            blackHole(try T(json: data))
        }
    }

    add("b1   ours [String:Any]: jsonObject + init(object:)", prepare: { _ = fixture.data }) { benchmark in
        let data = fixture.data
        for _ in benchmark.scaledIterations {
            let object = try JSONSerialization.jsonObject(with: data)
            blackHole(try T(object: object))
        }
    }

    add("b2   ours [String:Any]: init(object:) only", prepare: { _ = fixture.object }) { benchmark in
        let object = fixture.object
        for _ in benchmark.scaledIterations {
            blackHole(try T(object: object))
        }
    }

    add("c    JSONDecoder.decode", prepare: { _ = fixture.jsonDecoder }) { benchmark in
        let data = fixture.data
        let decoder = fixture.jsonDecoder
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(T.self, from: data))
        }
    }

    add("d1   jsonObject + data(withJSONObject:) + JSONDecoder", prepare: { _ = fixture.jsonDecoder }) { benchmark in
        let data = fixture.data
        let decoder = fixture.jsonDecoder
        for _ in benchmark.scaledIterations {
            let object = try JSONSerialization.jsonObject(with: data)
            let glue = try JSONSerialization.data(withJSONObject: object)
            blackHole(try decoder.decode(T.self, from: glue))
        }
    }

    add("d2   data(withJSONObject:) + JSONDecoder only", prepare: {
        _ = fixture.object
        _ = fixture.jsonDecoder
    }) { benchmark in
        let object = fixture.object
        let decoder = fixture.jsonDecoder
        for _ in benchmark.scaledIterations {
            let glue = try JSONSerialization.data(withJSONObject: object)
            blackHole(try decoder.decode(T.self, from: glue))
        }
    }

    add("e1   component: JSONParser.parse", prepare: { _ = fixture.data }) { benchmark in
        let data = fixture.data
        for _ in benchmark.scaledIterations {
            blackHole(try ModelValue(data: data))
        }
    }

    add("e2   component: ModelDecoder.decode(tree)", prepare: { _ = fixture.tree }) { benchmark in
        let tree = fixture.tree
        for _ in benchmark.scaledIterations {
            blackHole(try T(object: tree))   // the one decoder on a tree (ModelDecoder is internal)
        }
    }

    add("e3   component: JSONSerialization.jsonObject", prepare: { _ = fixture.data }) { benchmark in
        let data = fixture.data
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }

    add("e4   component: ModelValue(foundation:)", prepare: { _ = fixture.object }) { benchmark in
        let object = fixture.object
        for _ in benchmark.scaledIterations {
            blackHole(try ModelValue(foundation: object))
        }
    }
}
