import BaseModelMacros
import Foundation

// MacroCounts <route> <file> <iterations>: the model macro's generated coding against the same
// models without the macro and against Foundation, on equal work (`macro.sh` runs it under
// callgrind).
//   route: json-decode | json-encode | fast-decode | fast-encode | ka-decode | ka-encode
//            (the `@Model` types, read and written by their generated coding),
//          plain-json-decode | plain-json-encode | plain-fast-decode | plain-fast-encode
//          plain-ka-decode | plain-ka-encode
//            (the same models without the macro, through `init(from:)` and `encode(to:)`),
//          JSON-decode | JSON-encode
//            (Foundation's `JSONDecoder()` / `JSONEncoder()` on the `@Model` types, whose
//            generated `Codable` they run: no key or date strategy, the keys are the types' own)
//          time
//            (wall clock instead: every `@Model` route and Foundation's, N rounds, each round
//            running each route once in turn, so load hits all routes alike; prints p50 and p0
//            in ms and each route's ratio to Foundation's at p50 and at p0)
//   file:  twitter | citm_catalog | canada (read from ../shared/corpus/json beside the repository)
// twitter's models are the equal-work ones (`EqualTwitterModels.swift`: every key in
// `CodingKeys`, `created_at` a string); citm's and canada's need no strategy as they are.
// Runs the route `iterations` times after one untimed setup, which checks that every route
// decodes equal values.

enum MacroCorpus {}

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
    print("usage: MacroCounts [plain-]json-decode|[plain-]json-encode|[plain-]fast-decode|[plain-]fast-encode|[plain-]ka-decode|[plain-]ka-encode|JSON-decode|JSON-encode|time twitter|citm_catalog|canada N")
    exit(2)
}
let route = arguments[1]
let file = arguments[2]
let corpus = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS"] ?? "../../../shared/corpus/json"
let json = try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(file).json"))

func run<M: GeneratedCoding & Equatable, P: Model & Equatable>(_ macro: M.Type, _ plain: P.Type) throws {
    // The keyed-archive routes register the model types, as an app that reads its archives does
    // (and as InstructionCounts' ka- routes do): unregistered, every typed object spells its type's
    // name anew. Only one set is registered: the plain and the macro types share their names.
    if route.hasPrefix("ka-") { registerTypes(macroTypes()) }
    if route.hasPrefix("plain-ka-") { registerTypes(plainTypes()) }
    let model = try M(data: json)
    let plainModel = try P(data: json)
    let plainArchive = try plainModel.data(format: .keyedArchive)
    let fast = try model.data(format: .fast)
    let archive = try model.data(format: .keyedArchive)
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let foundationJSON = try encoder.encode(model)
    // Equal work: every route reads the same values.
    guard try decoder.decode(M.self, from: foundationJSON) == model, try M(data: fast) == model, try M(data: archive) == model,
        try P(data: fast) == plainModel, try P(data: plainArchive) == plainModel, try model.data(format: .json) == plainModel.data(format: .json)
    else {
        print("the routes disagree on \(file)")
        exit(1)
    }
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
        case "plain-json-encode": return try plainModel.data(format: .json).count
        case "plain-fast-encode": return try plainModel.data(format: .fast).count
        case "plain-ka-decode": _ = try P(data: plainArchive)
        case "plain-ka-encode": return try plainModel.data(format: .keyedArchive).count
        case "JSON-decode": _ = try decoder.decode(M.self, from: foundationJSON)
        case "JSON-encode": return try encoder.encode(model).count
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

switch file {
case "twitter": try run(MTwitterSearch.self, ETwitterSearch.self)
case "citm_catalog": try run(MacroCorpus.CitmCatalog.self, CitmCatalog.self)
case "canada": try run(MacroCorpus.CanadaFeatureCollection.self, CanadaFeatureCollection.self)
default: print("unknown file \(file)"); exit(2)
}

/// Registers `types` under their names.
func registerTypes(_ types: [any Model.Type]) {
    for type in types { ModelRegistry.shared.register(type) }
}

/// The `@Model` corpus types.
func macroTypes() -> [any Model.Type] {
    [
        MTwitterSearch.self, MSearchMetadata.self, MStatus.self, MStatusMetadata.self, MUser.self, MUserEntities.self,
        MURLEntities.self, MEntities.self, MHashtag.self, MURLEntity.self, MUserMention.self, MMedia.self,
        MMediaSizes.self, MMediaSize.self,
        MacroCorpus.CitmCatalog.self, MacroCorpus.Event.self, MacroCorpus.Performance.self, MacroCorpus.Price.self,
        MacroCorpus.SeatCategory.self, MacroCorpus.Area.self,
        MacroCorpus.CanadaFeatureCollection.self, MacroCorpus.CanadaFeature.self, MacroCorpus.CanadaGeometry.self,
    ]
}

/// The same models without the macro.
func plainTypes() -> [any Model.Type] {
    [
        ETwitterSearch.self, ESearchMetadata.self, EStatus.self, EStatusMetadata.self, EUser.self, EUserEntities.self,
        EURLEntities.self, EEntities.self, EHashtag.self, EURLEntity.self, EUserMention.self, EMedia.self,
        EMediaSizes.self, EMediaSize.self,
        CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self,
        CanadaFeatureCollection.self, CanadaFeature.self, CanadaGeometry.self,
    ]
}

/// Times every `@Model` route and Foundation's `samples` rounds, interleaved, and prints p50 and
/// p0 (ms) and the ratios to Foundation (decode ÷ `JSONDecoder`, encode ÷ `JSONEncoder`).
func time(_ runOnce: (String) throws -> Int, samples: Int) throws {
    let routes = ["JSON-decode", "json-decode", "fast-decode", "ka-decode", "JSON-encode", "json-encode", "fast-encode", "ka-encode"]
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
    print("route, \(file), \(samples) rounds: p50 ms, p0 ms, ratio at p50, ratio at p0")
    for route in routes {
        let base = route.hasSuffix("decode") ? "JSON-decode" : "JSON-encode"
        let line = [route, String(format: "%.3f", p50(route)), String(format: "%.3f", p0(route)),
                    String(format: "%.3f", p50(route) / p50(base)), String(format: "%.3f", p0(route) / p0(base))]
        print(line.joined(separator: " | "))
    }
}
