import BaseModelMacros
import Foundation

// MacroCounts <route> <file> <iterations>: our coding against Foundation's on equal work, the
// headline of README.md (`headline.sh` runs it under callgrind; `macro.sh` runs our routes).
//   route: json-decode | json-encode | fast-decode | fast-encode | ka-decode | ka-encode
//            (the `@Model` types, read and written by their generated coding),
//          plain-json-decode | plain-json-encode | plain-fast-decode | plain-fast-encode |
//          plain-ka-decode | plain-ka-encode
//            (the same models without the macro: plain `Model` types, whose `init(from:)` and
//            `encode(to:)` the compiler synthesizes, on the same engine),
//          JSON-decode | JSON-encode
//            (Foundation's `JSONDecoder()` / `JSONEncoder()` on plain `Codable` twins of the same
//            models, `Foundation*Models.swift`: compiler-synthesized conformances, the same fields
//            and `CodingKeys`, no strategy; JSON-decode reads the corpus file, as json-decode does),
//          NSKA-decode
//            (Foundation's `NSKeyedUnarchiver` reading the archive that ka-decode reads into
//            classes holding the Foundation twins, `Foundation*Archive.swift`: secure coding off,
//            each value read once with `decodeObject(forKey:)`),
//          NSKA-encode
//            (`NSKeyedArchiver` writing those classes, every number an object as in our archive;
//            not on canada, whose 55,563 coordinate pairs it uniques in quadratic time on Linux),
//          NSKA-decode-own
//            (NSKA-decode of the archive NSKA-encode writes instead of ours: whether our archive
//            makes Foundation's work dearer; not on canada),
//          JSON-decode-generated | JSON-decode-reencoded | JSON-encode-generated
//            (the comparison before issue 31: Foundation's coders on the `@Model` types, which
//            run the macro's generated `init(from:)`/`encode(to:)`; -reencoded reads
//            `JSONEncoder`'s output instead of the file),
//          time
//            (wall clock instead: the headline routes, N rounds, each round running each route
//            once in turn, so load hits all routes alike; prints p50 and p0 in ms and each route's
//            ratio to Foundation's at p50 and at p0),
//          verify
//            (no count: checks that every route reads and writes the same values, and that our
//            decode of the file leaves no key unused; `headline.sh` runs it first)
//   file:  twitter | citm_catalog | canada (read from $BASEMODEL_CORPUS, else ../shared/corpus/json
//          beside the repository)
// Runs the route `iterations` times after one untimed setup, which makes only what the route
// needs (`verify` checks the rest).

enum MacroCorpus {}

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
    print("usage: MacroCounts ROUTE twitter|citm_catalog|canada N (routes: see main.swift)")
    exit(2)
}
let route = arguments[1]
let file = arguments[2]
let corpus = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS"] ?? "../../../shared/corpus/json"
let json = try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(file).json"))

/// Stops the process with `message` when `condition` is false.
func require(_ condition: @autoclosure () throws -> Bool, _ message: String) rethrows {
    guard try condition() else {
        print("\(file): \(message)")
        exit(1)
    }
}

func run<M: GeneratedCoding & Equatable, P: Model & Equatable, A: ArchiveTwin>(
    _ macro: M.Type, _ plain: P.Type, _ archiveTwin: A.Type, macroTypes: [any Model.Type], plainTypes: [any Model.Type],
    twinClasses: [(names: [String], twin: AnyClass)]
) throws {
    typealias F = A.Value
    FoundationArchive.register(twinClasses)
    // The keyed-archive routes register the model types, as an app that reads its archives does:
    // unregistered, every typed object spells its type's name anew. Only one set is registered
    // (on citm and canada the plain and the macro types have the same names), the one whose
    // archive the route reads or writes; Foundation's routes read the `@Model` types' archive.
    if route.hasPrefix("plain-ka-") {
        registerTypes(plainTypes)
    } else if route.hasPrefix("ka-") || route.hasPrefix("NSKA-") || route == "time" {
        registerTypes(macroTypes)
    }
    let model = try M(data: json)
    if route == "verify" { return try verify(model, P.self, A.self, macroTypes: macroTypes, plainTypes: plainTypes) }
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let plainModel = route.hasPrefix("plain-") ? try P(data: json) : nil
    let fast = route.contains("fast-decode") || route == "time" ? try model.data(format: .fast) : Data()
    let archive = route == "ka-decode" || route == "NSKA-decode" || route == "time" ? try model.data(format: .keyedArchive) : Data()
    let plainArchive = route == "plain-ka-decode" ? try plainModel!.data(format: .keyedArchive) : Data()
    let twin = route.hasPrefix("JSON-encode") || route.hasPrefix("NSKA-encode") || route == "NSKA-decode-own" || route == "time"
        ? try decoder.decode(F.self, from: json) : nil
    let twinGraph = route.hasPrefix("NSKA-encode") || route == "NSKA-decode-own" ? twin.map { A($0) } : nil
    let foundationArchive = route == "NSKA-decode-own" ? FoundationArchive.archive(twinGraph!) : Data()
    let reencoded = route == "JSON-decode-reencoded" ? try encoder.encode(model) : Data()

    /// Runs `route` once; the number of bytes an encode wrote.
    func runOnce(_ route: String) throws -> Int {
        switch route {
        case "json-decode": _ = try M(data: json)
        case "fast-decode": _ = try M(data: fast)
        case "ka-decode": _ = try M(data: archive)
        case "json-encode": return try model.data(format: .json).count
        case "fast-encode": return try model.data(format: .fast).count
        case "ka-encode": return try model.data(format: .keyedArchive).count
        case "plain-json-decode": _ = try P(data: json)
        case "plain-fast-decode": _ = try P(data: fast)
        case "plain-ka-decode": _ = try P(data: plainArchive)
        case "plain-json-encode": return try plainModel!.data(format: .json).count
        case "plain-fast-encode": return try plainModel!.data(format: .fast).count
        case "plain-ka-encode": return try plainModel!.data(format: .keyedArchive).count
        case "JSON-decode": _ = try decoder.decode(F.self, from: json)
        case "JSON-encode": return try encoder.encode(twin!).count
        case "NSKA-decode": _ = try FoundationArchive.unarchive(A.self, from: archive)
        case "NSKA-encode": return FoundationArchive.archive(twinGraph!).count
        case "NSKA-decode-own": _ = try FoundationArchive.unarchive(A.self, from: foundationArchive)
        case "JSON-decode-generated": _ = try decoder.decode(M.self, from: json)
        case "JSON-decode-reencoded": _ = try decoder.decode(M.self, from: reencoded)
        case "JSON-encode-generated": return try encoder.encode(model).count
        default: print("unknown route \(route)"); exit(2)
        }
        return 0
    }
    if route == "time" {
        return try time(runOnce, samples: iterations)
    }
    var bytes = 0
    for _ in 0..<iterations {
        bytes += try runOnce(route)
    }
    print(route, file, iterations, bytes)
}

/// Checks, for the headline, that every route does the same work on `model`'s file: our decode
/// of the file reads every key (`ModelReport`), Foundation's twins decode the file to the same
/// values (compared both ways through JSON), our formats and Foundation's archive give back the
/// same values, and the models without the macro write the same JSON.
func verify<M: GeneratedCoding & Equatable, P: Model & Equatable, A: ArchiveTwin>(
    _ model: M, _ plain: P.Type, _ archiveTwin: A.Type, macroTypes: [any Model.Type], plainTypes: [any Model.Type]
) throws {
    typealias F = A.Value
    // Every key of the file is read by a property, with the macro and without.
    var report = ModelReport()
    try require(try M(object: json, report: &report) == model, "the report's decode differs")
    require(report.unusedKeys.isEmpty, "\(M.self) leaves \(report.unusedKeys.count) keys unused: \(distinct(report.unusedKeys))")
    require(report.conversions.isEmpty, "\(M.self) converts values:\n\(report)")
    // The keys some objects do not have (optional properties).
    let absent = distinct(report.defaultedKeys)
    report = ModelReport()
    let plainModel = try P(object: json, report: &report)
    require(report.unusedKeys.isEmpty, "\(P.self) leaves \(report.unusedKeys.count) keys unused: \(distinct(report.unusedKeys))")
    require(report.conversions.isEmpty, "\(P.self) converts values:\n\(report)")
    try require(try P(data: json) == plainModel, "P(data:) differs from the report's decode")
    try require(try model.data(format: .json) == plainModel.data(format: .json), "the models without the macro write other JSON")
    // Foundation's twins decode the file to the same values.
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let twin = try decoder.decode(F.self, from: json)
    try require(try M(data: encoder.encode(twin)) == model, "JSONDecoder's values, written by JSONEncoder, read back other values")
    try require(try decoder.decode(F.self, from: model.data(format: .json)) == twin, "our values, read by JSONDecoder, differ from its own")
    try require(try decoder.decode(M.self, from: json) == model, "JSONDecoder on the @Model types differs")
    // Our other formats, and Foundation's unarchiver reading our archive.
    registerTypes(macroTypes)
    let fast = try model.data(format: .fast)
    let archive = try model.data(format: .keyedArchive)
    try require(try M(data: fast) == model, "fast gives back other values")
    try require(try P(data: fast) == plainModel, "fast gives back other values without the macro")
    try require(try M(data: archive) == model, "the keyed archive gives back other values")
    try require(try FoundationArchive.unarchive(A.self, from: archive).value == twin, "NSKeyedUnarchiver reads other values from our archive")
    registerTypes(plainTypes)
    let plainArchive = try plainModel.data(format: .keyedArchive)
    try require(try P(data: plainArchive) == plainModel, "the keyed archive gives back other values without the macro")
    try require(try FoundationArchive.unarchive(A.self, from: plainArchive).value == twin, "NSKeyedUnarchiver reads other values from the plain archive")
    print(
        "verify \(file): every key read, the routes agree; absent from some objects: \(absent.isEmpty ? "none" : absent);",
        "JSON \(json.count) B, fast \(fast.count) B, keyed archive \(archive.count) B (without the macro \(plainArchive.count) B)")
}

/// `paths` without their array indices, each once, sorted: `statuses[].geo, statuses[].place`.
func distinct(_ paths: [ModelPath]) -> String {
    let general = paths.map { $0.description.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression) }
    return Set(general).sorted().joined(separator: ", ")
}

switch file {
case "twitter":
    try run(
        MTwitterSearch.self, ETwitterSearch.self, TwitterSearchArchive.self,
        macroTypes: [
            MTwitterSearch.self, MSearchMetadata.self, MStatus.self, MPoint.self, MPlace.self, MStatusMetadata.self, MUser.self,
            MUserEntities.self, MURLEntities.self, MEntities.self, MHashtag.self, MURLEntity.self, MUserMention.self, MMedia.self,
            MMediaSizes.self, MMediaSize.self,
        ],
        plainTypes: [
            ETwitterSearch.self, ESearchMetadata.self, EStatus.self, EPoint.self, EPlace.self, EStatusMetadata.self, EUser.self,
            EUserEntities.self, EURLEntities.self, EEntities.self, EHashtag.self, EURLEntity.self, EUserMention.self, EMedia.self,
            EMediaSizes.self, EMediaSize.self,
        ],
        twinClasses: [
            (["MTwitterSearch", "ETwitterSearch"], TwitterSearchArchive.self), (["MSearchMetadata", "ESearchMetadata"], SearchMetadataArchive.self),
            (["MStatus", "EStatus"], StatusArchive.self), (["MPoint", "EPoint"], PointArchive.self), (["MPlace", "EPlace"], PlaceArchive.self),
            (["MStatusMetadata", "EStatusMetadata"], StatusMetadataArchive.self), (["MUser", "EUser"], UserArchive.self),
            (["MUserEntities", "EUserEntities"], UserEntitiesArchive.self), (["MURLEntities", "EURLEntities"], URLEntitiesArchive.self),
            (["MEntities", "EEntities"], EntitiesArchive.self), (["MHashtag", "EHashtag"], HashtagArchive.self),
            (["MURLEntity", "EURLEntity"], URLEntityArchive.self), (["MUserMention", "EUserMention"], UserMentionArchive.self),
            (["MMedia", "EMedia"], MediaArchive.self), (["MMediaSizes", "EMediaSizes"], MediaSizesArchive.self),
            (["MMediaSize", "EMediaSize"], MediaSizeArchive.self),
        ])
case "citm_catalog":
    try run(
        MacroCorpus.CitmCatalog.self, CitmCatalog.self, CitmCatalogArchive.self,
        macroTypes: [
            MacroCorpus.CitmCatalog.self, MacroCorpus.Event.self, MacroCorpus.Performance.self, MacroCorpus.Price.self,
            MacroCorpus.SeatCategory.self, MacroCorpus.Area.self,
        ],
        plainTypes: [CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self],
        twinClasses: [
            (["CitmCatalog"], CitmCatalogArchive.self), (["Event"], EventArchive.self), (["Performance"], PerformanceArchive.self),
            (["Price"], PriceArchive.self), (["SeatCategory"], SeatCategoryArchive.self), (["Area"], AreaArchive.self),
        ])
case "canada":
    try run(
        MacroCorpus.CanadaFeatureCollection.self, CanadaFeatureCollection.self, CanadaFeatureCollectionArchive.self,
        macroTypes: [MacroCorpus.CanadaFeatureCollection.self, MacroCorpus.CanadaFeature.self, MacroCorpus.CanadaGeometry.self],
        plainTypes: [CanadaFeatureCollection.self, CanadaFeature.self, CanadaGeometry.self],
        twinClasses: [
            (["CanadaFeatureCollection"], CanadaFeatureCollectionArchive.self), (["CanadaFeature"], CanadaFeatureArchive.self),
            (["CanadaGeometry"], CanadaGeometryArchive.self),
        ])
default: print("unknown file \(file)"); exit(2)
}

/// Registers `types` under their names.
func registerTypes(_ types: [any Model.Type]) {
    for type in types { ModelRegistry.shared.register(type) }
}

/// Times the headline routes `samples` rounds, interleaved, and prints p50 and p0 (ms) and the
/// ratios to Foundation (decode ÷ `JSONDecoder`, encode ÷ `JSONEncoder`, and the keyed-archive
/// decode also ÷ `NSKeyedUnarchiver`).
func time(_ runOnce: (String) throws -> Int, samples: Int) throws {
    let routes = [
        "JSON-decode", "NSKA-decode", "json-decode", "fast-decode", "ka-decode", "JSON-encode", "json-encode", "fast-encode", "ka-encode",
    ]
    var times: [String: [Double]] = [:]
    let clock = ContinuousClock()
    for route in routes { _ = try runOnce(route) }  // warm-up
    for _ in 0..<samples {
        for route in routes {
            let start = clock.now
            _ = try runOnce(route)
            let elapsed = clock.now - start
            times[route, default: []].append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
    }
    func p50(_ route: String) -> Double { let sorted = times[route]!.sorted(); return sorted[sorted.count / 2] }
    func p0(_ route: String) -> Double { times[route]!.min()! }
    print("route, \(file), \(samples) rounds: p50 ms, p0 ms, ratio at p50, ratio at p0 (ka-decode also ÷ NSKA-decode)")
    for route in routes {
        let base = route.hasSuffix("decode") ? "JSON-decode" : "JSON-encode"
        var line = [
            route, String(format: "%.3f", p50(route)), String(format: "%.3f", p0(route)),
            String(format: "%.3f", p50(route) / p50(base)), String(format: "%.3f", p0(route) / p0(base)),
        ]
        if route == "ka-decode" {
            line += [String(format: "%.3f", p50(route) / p50("NSKA-decode")), String(format: "%.3f", p0(route) / p0("NSKA-decode"))]
        }
        print(line.joined(separator: " | "))
    }
}
