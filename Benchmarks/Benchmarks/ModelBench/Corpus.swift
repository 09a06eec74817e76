import Foundation

/// Finds and reads the JSON corpus shared by the project (`/work/shared/corpus/json` in the
/// development tree, `../shared/corpus/json` next to the root package).
///
/// Search order:
/// 1. `$BASEMODEL_CORPUS_DIR`, when set (and then it must hold the file).
/// 2. `../../shared/corpus/json` from the working directory: the benchmark plugin runs the
///    benchmark with the Benchmarks package as its working directory.
/// 3. `../shared/corpus/json` from the working directory (run from the root package).
/// 4. The same folder located from this source file, whatever the working directory.
///
/// A missing file stops the process with every path that was tried: a benchmark that quietly
/// measures nothing is worse than none.
enum Corpus {
    static func data(named name: String) -> Data {
        let url = url(named: name)
        do {
            let data = try Data(contentsOf: url)
            guard !data.isEmpty else { fatalError("ModelBench: corpus file \(url.path) is empty") }
            return data
        } catch {
            fatalError("ModelBench: cannot read corpus file \(url.path): \(error)")
        }
    }

    static func url(named name: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let directory = environment["BASEMODEL_CORPUS_DIR"], !directory.isEmpty {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                fatalError("ModelBench: BASEMODEL_CORPUS_DIR is set but \(url.path) does not exist")
            }
            return url
        }
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // This file is <root>/Benchmarks/Benchmarks/ModelBench/Corpus.swift; the corpus is
        // <root>/../shared/corpus/json.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ModelBench
            .deletingLastPathComponent()  // Benchmarks (the plugin's folder)
            .deletingLastPathComponent()  // Benchmarks (the package)
            .deletingLastPathComponent()  // the root package
        let candidates = [
            workingDirectory.appendingPathComponent("../../shared/corpus/json"),
            workingDirectory.appendingPathComponent("../shared/corpus/json"),
            packageRoot.appendingPathComponent("../shared/corpus/json"),
        ].map { $0.appendingPathComponent(name).standardizedFileURL }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            return found
        }
        fatalError("""
            ModelBench: corpus file \(name) not found. Tried:
            \(candidates.map { "  " + $0.path }.joined(separator: "\n"))
            Set BASEMODEL_CORPUS_DIR to the folder that holds it.
            """)
    }
}
