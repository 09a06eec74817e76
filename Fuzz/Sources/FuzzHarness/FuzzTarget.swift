import BaseModel
import Foundation

/// One fuzz target per decoder. Each feeds the input to the untyped reader (the codec's
/// `decodeGraph`, or detection and the tree view, `ModelValue(data:)`, for ``detect``) and to typed models (`Model(data:)`, with the codec
/// alone or with detection),
/// and encodes again what decoded: a decode may fail only with a `ModelError`, an encode too.
///
/// The executables `fuzz-<rawValue>` hand libFuzzer's callbacks to ``test(_:_:)`` and
/// ``initialize()``.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case json
    case xmlPlist = "xml-plist"
    case binaryPlist = "binary-plist"
    case keyedArchive = "keyed-archive"
    case hrXML = "hr-xml"
    case hrJSON = "hr-json"
    case hrBinary = "hr-binary"
    case fast
    /// Bytes of unknown format: detection, then the codec it picks.
    case detect
    case cryptoCoding = "crypto-coding"
    case envelope

    /// The format of the target's codec; `nil` for ``detect``.
    var format: ModelFormat? {
        switch self {
        case .json: .json
        case .xmlPlist: .xmlPropertyList
        case .binaryPlist: .binaryPropertyList
        case .keyedArchive: .keyedArchive
        case .hrXML: .hrXML
        case .hrJSON: .hrJSON
        case .hrBinary: .hrBinary
        case .fast: .fast
        case .detect: nil
        case .cryptoCoding: .cryptoCoding
        case .envelope: .encrypted
        }
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput`: runs one input. Always returns 0 (keep the input
    /// if it is interesting); a failure is a crash, which libFuzzer reports.
    public func test(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }

    /// libFuzzer's `LLVMFuzzerInitialize`. With `BASEMODEL_FUZZ_WRITE_SEEDS=<folder>` set,
    /// writes this target's seeds there (from the corpus at `BASEMODEL_CORPUS_DIR`, and models
    /// encoded by the library), prints how many, and exits instead of fuzzing.
    public func initialize() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["BASEMODEL_FUZZ_WRITE_SEEDS"] else { return 0 }
        do {
            let corpus = environment["BASEMODEL_CORPUS_DIR"].map { URL(fileURLWithPath: $0) }
            let count = try FuzzSeeds.write(for: self, corpus: corpus, to: URL(fileURLWithPath: folder))
            print("\(rawValue): \(count) seeds in \(folder)")
            exit(0)
        } catch {
            print("\(rawValue): writing seeds failed: \(error)")
            exit(1)
        }
    }

    /// Runs one input through the target's decoders and encoders.
    func run(_ data: Data) {
        guard let format else { return runDetection(data) }
        let codec = FuzzEnvironment.codec(format)
        let graph = try? codec.decodeGraph(from: data)
        if let graph { RoundTrip.graph(graph, through: codec) }
        if self == .fast { _ = try? ModelValue(fastPlainValues: data) }
        // A map of its own per input: ids met twice in one file merge.
        if let document = try? FuzzDocument(data: data, context: FuzzEnvironment.codingContext(for: codec)) {
            RoundTrip.model(document, through: codec)
        }
        if let folder = try? FuzzFolder(data: data, context: FuzzEnvironment.codingContext(for: codec)) {
            RoundTrip.model(folder, through: codec)
        }
        // The same rules through the graph's tree view, for the cheaper models.
        guard let tree = try? ModelValue(data: data, context: FuzzEnvironment.codingContext(for: codec)) else { return }
        let context = FuzzEnvironment.codingContext
        _ = try? FuzzItem.instances(array: tree, context: context)
        _ = try? FuzzSettings(object: tree, context: context)
        _ = try? FuzzOwner(object: tree, context: context)
    }

    /// ``detect``: the tree and models of any format, and the tree written in every format.
    private func runDetection(_ data: Data) {
        let context = FuzzEnvironment.context
        _ = try? ModelValue(data: data, context: context)
        if let graph = try? FuzzEnvironment.formats.detect(data).decodeGraph(from: data) {
            for format in FuzzEnvironment.registeredFormats {
                RoundTrip.graph(graph, through: FuzzEnvironment.codec(format))
            }
        }
        if let document = try? FuzzDocument(data: data, context: context) {
            RoundTrip.model(document, through: FuzzEnvironment.codec(.fast))
            RoundTrip.model(document, through: FuzzEnvironment.codec(.json))
        }
        _ = try? FuzzFolder(data: data, context: context)
        _ = try? FuzzSettings(data: data, context: context)
    }
}
