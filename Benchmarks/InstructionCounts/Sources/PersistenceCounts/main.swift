import BaseModel
import Foundation

// PersistenceCounts <route> <file> <iterations>: the persistence routes (shared instances and
// stores) against the direct reads and writes of the same bytes, on the plain `Model` types of
// InstructionCounts (`persistence.sh` runs it under callgrind). It needs neither swift-syntax
// nor GRDB, so a release build of one revision is the library alone.
//   route: decode-F | encode-F          the direct routes: `M(data:)` of the bytes a save writes,
//                                       `data(format:)`
//          load-F                       `reloadSharedInstance()` from a save file in F (the
//                                       saved layer alone: no resource file)
//          layered-load-F               the same with a resource file (JSON, the file's first key)
//          save-F                       `save()` of the shared instance in F
//          fetch-F | store-save-F       a directory store in F: fetch by id, and a save over the
//                                       copy the store wrote (the steady state)
//          cold-store-save-F            a save over a copy this store has not read or written
//                                       (a new store on the same folder each time)
//   F:     json | fast | ka (keyed archive) | bplist (binary property list)
//   file:  twitter | citm_catalog (read from ../shared/corpus/json beside the repository)
// Runs the route `iterations` times after one untimed setup, which checks that the route
// reads back the model it starts from.

/// Where and how this run's shared instance lives: one route per process.
enum Run {
    nonisolated(unsafe) static var format = ModelFormat.json
    nonisolated(unsafe) static var folder = URL(fileURLWithPath: NSTemporaryDirectory())
    nonisolated(unsafe) static var resource = "/nonexistent/PersistenceCounts.json"
}

extension TwitterSearch: SharedModel, IdentifiedModel {
    var id: String { "search" }
    static var saveFormat: ModelFormat { Run.format }
    static var saveFile: String { Run.folder.appendingPathComponent("\(typeName).save").path }
    static var resourceFile: String { Run.resource }
}

extension CitmCatalog: SharedModel, IdentifiedModel {
    var id: String { "catalog" }
    static var saveFormat: ModelFormat { Run.format }
    static var saveFile: String { Run.folder.appendingPathComponent("\(typeName).save").path }
    static var resourceFile: String { Run.resource }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]), let dash = arguments[1].lastIndex(of: "-") else {
    print("usage: PersistenceCounts decode-F|encode-F|load-F|layered-load-F|save-F|fetch-F|store-save-F|cold-store-save-F twitter|citm_catalog N")
    exit(2)
}
let route = String(arguments[1][..<dash])
let file = arguments[2]
let formats: [String: ModelFormat] = ["json": .json, "fast": .fast, "ka": .keyedArchive, "bplist": .binaryPropertyList]
guard let format = formats[String(arguments[1][arguments[1].index(after: dash)...])] else {
    print("unknown format in \(arguments[1])")
    exit(2)
}
let corpus = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS"] ?? "../../../shared/corpus/json"
let json = try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(file).json"))

/// Runs an async store call to its end on this thread's caller: the routes stay synchronous, so
/// callgrind sees no task threads on the routes that do not need them.
func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: (any Error)?
    Task {
        do { try await body() } catch { failure = error }
        done.signal()
    }
    done.wait()
    if let failure { throw failure }
}

/// Fails the run when a route does not read back `expected`.
func check<M: Equatable>(_ value: M?, _ expected: M, _ what: String) {
    guard value == expected else {
        print("\(what) does not read back the model of \(file)")
        exit(1)
    }
}

func run<M: SharedModel & IdentifiedModel & Equatable>(_ type: M.Type) throws {
    for type in corpusTypes() { ModelRegistry.shared.register(type) }
    Run.format = format
    Run.folder = FileManager.default.temporaryDirectory.appendingPathComponent("PersistenceCounts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: Run.folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: Run.folder) }
    let model = try M(data: json)
    let bytes = try model.data(format: format)
    check(try M(data: bytes), model, "decode-\(format)")
    if route == "layered-load" {
        // A resource file with the first key of the file (in key order), as JSON.
        let object = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        let key = object.keys.sorted()[0]
        let resource = Run.folder.appendingPathComponent("resource.json")
        try JSONSerialization.data(withJSONObject: [key: object[key]!]).write(to: resource)
        Run.resource = resource.path
    }
    if route.hasSuffix("load") || route == "save" {
        try model.save()
        M.setSharedInstance(nil)
        try M.reloadSharedInstance()
        check(M.shared, model, route)
    }
    let storeFolder = Run.folder.appendingPathComponent("store")
    let store = try ModelStores.directory(storeFolder, format: format)
    if route.hasSuffix("fetch") || route.hasSuffix("store-save") {
        try blocking { try await store.save(model) }
        check(try store.fetchSynchronously(M.self, id: model.id), model, route)
    }
    var written = 0
    for _ in 0..<iterations {
        switch route {
        case "decode": _ = try M(data: bytes)
        case "encode": written += try model.data(format: format).count
        case "load", "layered-load": try M.reloadSharedInstance()
        case "save": try model.save()
        case "fetch": _ = try store.fetchSynchronously(M.self, id: model.id)
        case "store-save": try blocking { try await store.save(model) }
        case "cold-store-save": try blocking { try await ModelStores.directory(storeFolder, format: format).save(model) }
        default: print("unknown route \(route)"); exit(2)
        }
    }
    print(arguments[1], file, iterations, written)
}

switch file {
case "twitter": try run(TwitterSearch.self)
case "citm_catalog": try run(CitmCatalog.self)
default: print("unknown file \(file)"); exit(2)
}

/// The corpus types, registered as an app that reads its archives registers them.
func corpusTypes() -> [any Model.Type] {
    [
        TwitterSearch.self, SearchMetadata.self, Status.self, StatusMetadata.self, User.self, UserEntities.self,
        URLEntities.self, Entities.self, Hashtag.self, URLEntity.self, UserMention.self, Media.self,
        MediaSizes.self, MediaSize.self,
        CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self,
    ]
}
