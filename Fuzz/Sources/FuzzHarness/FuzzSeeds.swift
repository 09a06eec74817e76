import BaseModel
import Foundation

/// Writes a target's seed inputs: the corpus files of its format (`../shared/corpus`, given by
/// `BASEMODEL_CORPUS_DIR`), and samples the library encodes in the target's format (the corpus
/// lacks fast, HR, CryptoCoding and envelope files, and its JSON files are large). Identical
/// seeds are written once.
struct FuzzSeeds {
    /// Corpus files above this size are left out (libFuzzer would cut them to `-max_len`); their
    /// shrunk trees are seeds instead.
    static let largestCorpusFile = 256 << 10

    private var written = Set<Data>()
    private let folder: URL

    private init(folder: URL) {
        self.folder = folder
    }

    /// Writes the seeds of `target` into `folder` (created if needed) and returns how many.
    static func write(for target: FuzzTarget, corpus: URL?, to folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var seeds = FuzzSeeds(folder: folder)
        let files = try corpus.map(corpusFiles) ?? []
        let trees = sampleTrees(from: files)
        for file in files where target.reads(file) { try seeds.add(file.bytes, name: file.name) }
        switch target.format {
        case nil:
            for format in FuzzEnvironment.registeredFormats {
                try seeds.addSamples(FuzzEnvironment.codec(format), trees: [("kinds", FuzzSamples.kinds)], prefix: format.rawValue)
            }
        case .encrypted?:
            for inner: ModelFormat in [.json, .keyedArchive, .fast, .hrJSON, .binaryPropertyList, .xmlPropertyList] {
                let codec = FuzzEnvironment.envelope(sealing: inner, in: FuzzEnvironment.formats)
                try seeds.addSamples(codec, trees: Array(trees.prefix(3)), prefix: inner.rawValue)
            }
        case let format?:
            try seeds.addSamples(FuzzEnvironment.codec(format), trees: trees, prefix: format.rawValue)
        }
        return seeds.written.count
    }

    /// Writes `bytes` unless an identical seed was written.
    private mutating func add(_ bytes: Data, name: String) throws {
        guard !bytes.isEmpty, written.insert(bytes).inserted else { return }
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        try bytes.write(to: folder.appendingPathComponent(String(format: "%04d-", written.count) + String(safe)))
    }

    /// The sample models and `trees` in `codec`'s format; what it cannot store is left out.
    private mutating func addSamples(_ codec: any FormatCodec, trees: [(name: String, tree: ModelValue)], prefix: String) throws {
        for (name, model) in FuzzSamples.models {
            let context = FuzzEnvironment.codingContext(for: codec)
            if let bytes = try? model.data(format: codec.format, context: context) { try add(bytes, name: "\(prefix)-model-\(name)") }
        }
        for (name, tree) in trees {
            if let bytes = try? codec.encodeGraph(tree.plainGraph) { try add(bytes, name: "\(prefix)-tree-\(name)") }
        }
    }

    private static func sampleTrees(from files: [CorpusFile]) -> [(name: String, tree: ModelValue)] {
        var trees: [(name: String, tree: ModelValue)] = [("kinds", FuzzSamples.kinds), ("lenient", FuzzSamples.lenient)]
        for file in files where file.folder == "json" {
            guard let tree = try? ModelValue(data: file.bytes, context: FuzzEnvironment.context) else { continue }
            let small = FuzzSamples.shrunk(tree)
            trees.append((file.name, small))
            trees.append((file.name + "-nonull", FuzzSamples.withoutNulls(small)))
        }
        // An array of models is no model: its seed is the array of their trees.
        if let items = try? FuzzSamples.items().map({ item throws(ModelError) in try item.treeRepresentation() }) {
            trees.append(("items", .array(items)))
        }
        return trees
    }

    /// A file of the corpus: its bytes and a name made of its folder and file name.
    struct CorpusFile {
        /// The corpus folder: `json`, `plist`, `keyed-archives`, `bad/json`, …
        let folder: String
        let name: String
        let bytes: Data
    }

    /// The corpus's files, by folder, sorted by name.
    private static func corpusFiles(_ corpus: URL) throws -> [CorpusFile] {
        let folders = ["json", "plist", "keyed-archives", "bad/json", "bad/plist", "bad/keyed-archives"]
        var files: [CorpusFile] = []
        for folder in folders {
            let url = corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                let bytes = try Data(contentsOf: url.appendingPathComponent(name))
                let prefix = folder.replacingOccurrences(of: "/", with: "-")
                files.append(CorpusFile(folder: folder, name: "\(prefix)-\(name)", bytes: bytes))
            }
        }
        return files
    }
}

extension FuzzTarget {
    /// Whether a corpus file is a seed for this target: files of its kind, good or bad, up to
    /// ``FuzzSeeds/largestCorpusFile``.
    func reads(_ file: FuzzSeeds.CorpusFile) -> Bool {
        guard file.bytes.count <= FuzzSeeds.largestCorpusFile else { return false }
        let binary = file.bytes.starts(with: Data("bplist".utf8))
        let json = file.folder.hasSuffix("json")
        let archive = file.folder.hasSuffix("keyed-archives")
        switch self {
        case .json, .hrJSON: return json
        case .xmlPlist, .hrXML: return !json && !binary
        case .binaryPlist, .hrBinary: return binary
        case .keyedArchive, .cryptoCoding: return archive
        case .fast, .envelope: return false
        case .detect: return true
        }
    }
}
