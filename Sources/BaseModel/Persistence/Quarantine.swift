import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Moving saved data that cannot be read out of the way, so nothing can overwrite it.
///
/// A file `TodoList.plist` goes to `TodoList.unreadable-20261125T063513Z.plist` beside it (the
/// UTC time of the move; `-2`, `-3` … are added when that name is taken). The move is a hard link
/// to the new name, then the removal of the old one (a plain `rename` where the file system has
/// no hard links), so at every moment — a crash included — the bytes are under the old name,
/// the new one, or both, never neither. Nothing is ever copied or rewritten.
package enum Quarantine {
    /// `unreadable-<UTC time>`, the tag put into a quarantined name: `unreadable-20261125T063513Z`.
    package static func tag(at date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "unreadable-%04d%02d%02dT%02d%02d%02dZ",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// The quarantined name of `url` with `tag` (and `-n` when `attempt` > 1): the tag goes
    /// before the extension, so the file keeps opening with the same app.
    package static func destination(for url: URL, tag: String, attempt: Int = 1) -> URL {
        let name = url.lastPathComponent
        let fileExtension = url.pathExtension
        let stem = fileExtension.isEmpty ? name : String(name.dropLast(fileExtension.count + 1))
        let suffix = attempt > 1 ? "\(tag)-\(attempt)" : tag
        let newName = fileExtension.isEmpty ? "\(stem).\(suffix)" : "\(stem).\(suffix).\(fileExtension)"
        return url.deletingLastPathComponent().appendingPathComponent(newName)
    }

    /// Moves the file at `url` to its quarantined name and returns that name's URL.
    ///
    /// - Throws: ``ModelError/Reason/io(operation:path:code:message:)`` when the file cannot be
    ///   moved; it is then where it was.
    @discardableResult
    package static func moveAside(_ url: URL, tag: String = tag()) throws(ModelError) -> URL {
        for attempt in 1...1000 {
            let target = destination(for: url, tag: tag, attempt: attempt)
            if link(url.path, target.path) == 0 {
                // Both names hold the bytes now; dropping the old one is the commit.
                guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("remove", url.path) }
                return target
            }
            switch errno {
            case EEXIST: continue
            case EPERM, EXDEV, ENOTSUP, EMLINK:
                // No hard links here: `rename` is atomic too, but replaces a target, so check first.
                if FileManager.default.fileExists(atPath: target.path) { continue }
                guard rename(url.path, target.path) == 0 else { throw failure("move aside", url.path) }
                return target
            default:
                throw failure("move aside", url.path)
            }
        }
        throw ModelError(.io(operation: "move aside", path: url.path, code: Int(EEXIST), message: "every quarantine name is taken"))
    }

    private static func failure(_ operation: String, _ path: String) -> ModelError {
        let code = errno
        return ModelError(.io(operation: operation, path: path, code: Int(code), message: String(cString: strerror(code))))
    }
}
