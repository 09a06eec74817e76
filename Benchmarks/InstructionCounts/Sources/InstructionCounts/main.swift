import BaseModel
import Foundation

// InstructionCounts <route> <file> <iterations>
//   route: json-decode | fast-decode | ka-decode | json-encode | fast-encode | ka-encode (ours), or
//          JSON-decode | JSON-encode (Foundation's JSONDecoder / JSONEncoder on equal work, see
//          EqualWork.swift: the same types, twitter's dates by a fixed-width parser as ours),
//          and the encodes through the tree: tree-encode (ModelEncoder), typed-tree-encode
//          (ModelEncoder with the shared registry), pretty-json (jsonData(prettyPrinted:)),
//          plist-encode (data(format: .binaryPropertyList)),
//          and Foundation's keyed archiver on equal work (KeyedArchiveMirrors+*.swift: NSSecureCoding
//          classes with the models' properties and types, made from the decoded model untimed):
//          NSKA-decode (NSKeyedUnarchiver with secure coding, of the archive that
//          NSKeyedArchiver(requiringSecureCoding: true) made of the mirror graph), NSKA-encode (that
//          archiver), NSKA-decode-ours (NSKeyedUnarchiver of our own keyed archive, its model class
//          names mapped to the mirrors: the only NSKA decode of canada, whose archive Foundation
//          cannot make in useful time, see BENCHMARKS.md; canada only: twitter's and citm's setup
//          check fails: twitter's keys are snake case; citm's Ints are references to numbers in our
//          archive, which Foundation's decodeInteger(forKey:) reads as 0)
//   file:  twitter | citm_catalog | canada (read from ../shared/corpus/json beside the repository)
// Runs the route `iterations` times after one untimed setup; compare.sh runs it under callgrind
// with 1 and 3 iterations and takes half the difference, so setup and start-up cancel out.
// Only API that every revision since the fast format has (`init(data:)`, `data(format:)`,
// `ModelEncoder`, `jsonData(prettyPrinted:)`) is used.

let arguments = CommandLine.arguments
guard arguments.count == 4, let iterations = Int(arguments[3]) else {
    print("usage: InstructionCounts json-decode|fast-decode|ka-decode|JSON-decode|json-encode|fast-encode|ka-encode|JSON-encode|tree-encode|typed-tree-encode|pretty-json|plist-encode|NSKA-decode|NSKA-encode|NSKA-decode-ours twitter|citm_catalog|canada N")
    exit(2)
}
let route = arguments[1]
let file = arguments[2]
let corpus = ProcessInfo.processInfo.environment["BASEMODEL_CORPUS"] ?? "../../../shared/corpus/json"
let json = try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(file).json"))

func run<M: KeyedArchiveMirror>(_ mirror: M.Type) throws {
    typealias T = M.Mirrored
    // The keyed-archive routes register the model types, as an app that reads its archives does
    // (and as ModelBench does): unregistered, every typed object spells its type's name anew.
    if route.hasPrefix("ka-") || route == "NSKA-decode-ours" { registerTypes() }
    let model = try T(data: json)
    let fast = try model.data(format: .fast)
    let archive = try model.data(format: .keyedArchive)
    let jsonDecoder = EqualWork.jsonDecoder(for: file)
    let jsonEncoder = EqualWork.jsonEncoder(for: file)
    let foundationJSON = try jsonEncoder.encode(model)
    // Foundation's archiver is set up only for its own routes: on canada it does not finish.
    var mirrorGraph: M?
    var foundationArchive = Data()
    var ourArchiveClasses: [(name: String, mirror: AnyClass)] = []
    switch route {
    case "NSKA-encode":
        mirrorGraph = M(model)
    case "NSKA-decode":
        foundationArchive = SecureArchiver.archive(M(model))
        guard try SecureArchiver.unarchive(M.self, from: foundationArchive).model == model else {
            print("NSKeyedUnarchiver gives back a different model of \(file)")
            exit(1)
        }
    case "NSKA-decode-ours":
        ourArchiveClasses = M.mirrorClasses.map { ($0.model.typeName, $0.mirror) }
        guard try SecureArchiver.unarchive(M.self, from: archive, classNames: ourArchiveClasses).model == model else {
            print("NSKeyedUnarchiver reads a different model from our archive of \(file)")
            exit(1)
        }
    default: break
    }
    let typedTreeCount = TypedTreeCount()
    let typedTreeContext = ModelContext(formats: FormatRegistry(codecs: [typedTreeCount]))
    var bytes = 0
    for _ in 0..<iterations {
        switch route {
        case "json-decode": _ = try T(data: json)
        case "fast-decode": _ = try T(data: fast)
        case "ka-decode": _ = try T(data: archive)
        case "JSON-decode": _ = try jsonDecoder.decode(T.self, from: foundationJSON)
        case "json-encode": bytes += try model.data(format: .json).count
        case "fast-encode": bytes += try model.data(format: .fast).count
        case "tree-encode": if case .dictionary(let entries) = try model.treeRepresentation() { bytes += entries.count }
        case "typed-tree-encode": bytes += try model.data(format: typedTreeCount.format, context: typedTreeContext).count
        case "pretty-json": bytes += try model.jsonData(prettyPrinted: true).count
        case "plist-encode": bytes += try model.data(format: .binaryPropertyList).count
        case "ka-encode": bytes += try model.data(format: .keyedArchive).count
        case "JSON-encode": bytes += try jsonEncoder.encode(model).count
        case "NSKA-decode": _ = try SecureArchiver.unarchive(M.self, from: foundationArchive)
        case "NSKA-encode": if let mirrorGraph { bytes += SecureArchiver.archive(mirrorGraph).count }
        case "NSKA-decode-ours": _ = try SecureArchiver.unarchive(M.self, from: archive, classNames: ourArchiveClasses)
        default: print("unknown route \(route)"); exit(2)
        }
    }
    print(route, file, iterations, bytes)
}

switch file {
case "twitter": try run(TwitterSearchMirror.self)
case "citm_catalog": try run(CitmCatalogMirror.self)
case "canada": try run(CanadaFeatureCollectionMirror.self)
default: print("unknown file \(file)"); exit(2)
}


/// Registers the corpus model types under their names.
func registerTypes() {
    let types: [any Model.Type] = [
        TwitterSearch.self, SearchMetadata.self, Status.self, StatusMetadata.self, User.self, UserEntities.self,
        URLEntities.self, Entities.self, Hashtag.self, URLEntity.self, UserMention.self, Media.self,
        MediaSizes.self, MediaSize.self,
        CitmCatalog.self, Event.self, Performance.self, Price.self, SeatCategory.self, Area.self,
        CanadaFeatureCollection.self, CanadaFeature.self, CanadaGeometry.self,
    ]
    for type in types { ModelRegistry.shared.register(type) }
}
