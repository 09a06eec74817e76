import Foundation

/// Progress of a long conversion on standard error: a bar, the share of the job done and the
/// phase, redrawn in place on one line and erased at the end.
///
/// It is drawn only when standard error is a terminal and the input is large (1 MiB or more);
/// piped or redirected, nothing is written. Reading the file reports real progress (it is read
/// in chunks); decoding and encoding run as one call each, so the line shows which of them is
/// running and the share of the job the phases before it stand for.
final class ProgressLine {
    /// The phases of a conversion and where each starts, as a share of the whole job (decoding
    /// and encoding take most of the time on large files).
    enum Phase: String {
        case reading, decoding, encoding, writing

        var start: Double {
            switch self {
            case .reading: 0
            case .decoding: 0.1
            case .encoding: 0.55
            case .writing: 0.95
            }
        }

        var end: Double {
            switch self {
            case .reading: Phase.decoding.start
            case .decoding: Phase.encoding.start
            case .encoding: Phase.writing.start
            case .writing: 1
            }
        }
    }

    /// Inputs smaller than this convert too fast to need a progress line.
    static let minimumSize = 1 << 20

    private let isShown: Bool
    private var drawn: String?

    init(inputSize: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        isShown = isTerminal && inputSize >= Self.minimumSize
    }

    /// Shows `phase`, `fraction` (0…1) of the way through it.
    func show(_ phase: Phase, fraction: Double = 0) {
        guard isShown else { return }
        let done = phase.start + (phase.end - phase.start) * min(max(fraction, 0), 1)
        let percent = Int(done * 100)
        let width = 24
        let filled = Int(done * Double(width))
        let line = "basemodel: [\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(percent)% \(phase.rawValue)"
        guard line != drawn else { return }
        drawn = line
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    /// Erases the line, so what follows on the terminal starts on a clean line.
    func finish() {
        guard drawn != nil else { return }
        drawn = nil
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// Reads the file at `path` in chunks, showing the reading phase on a progress line made for
    /// its size (shown only when `showingProgress` and standard error is a terminal).
    ///
    /// - Throws: The file system's error when the file cannot be opened or read.
    static func read(_ path: String, showingProgress: Bool) throws -> (Data, ProgressLine) {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        let line = showingProgress ? ProgressLine(inputSize: size) : ProgressLine(inputSize: size, isTerminal: false)
        var data = Data(capacity: size)
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            line.show(.reading, fraction: size > 0 ? Double(data.count) / Double(size) : 1)
        }
        return (data, line)
    }
}
