import Foundation

extension Data {
    /// The bytes of the file at `url`.
    ///
    /// - Throws: ``ModelError/Reason/io(operation:path:code:message:)`` when the file cannot be
    ///   read, with the system's reason.
    init(modelFileAt url: URL) throws(ModelError) {
        do {
            self = try Data(contentsOf: url)
        } catch {
            throw ModelError.io("read", url, error)
        }
    }

    /// Writes these bytes to `url`, creating its folder when missing; an atomic write goes to a
    /// temporary file renamed over the target (``AtomicFile``: the next write of the same
    /// target removes one left by a write that was killed).
    ///
    /// - Throws: ``ModelError/Reason/io(operation:path:code:message:)`` when the folder or file
    ///   cannot be written; the old file is then untouched.
    func writeModelFile(to url: URL, atomically: Bool, format: ModelFormat?) throws(ModelError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ModelError.io("write", url, error, format: format)
        }
        if atomically { return try AtomicFile.write(self, to: url, format: format) }
        do {
            try write(to: url)
        } catch {
            throw ModelError.io("write", url, error, format: format)
        }
    }
}
