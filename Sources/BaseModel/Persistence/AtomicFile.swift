import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a file whole or not at all, through a temporary file whose name the library owns.
///
/// The bytes go to `.<name>.basemodel-tmp` beside the target (`.TodoList.plist.basemodel-tmp`),
/// are synced to disk, and the file is renamed over the target: a reader, or a process started
/// after a crash, finds the old file or the new one, never a torn one. There is one temporary
/// name per target, and the writers of a target take turns on it under an exclusive `flock`, so a
/// write killed part-way leaves that one file behind, and the next write of the same target takes
/// it over and renames it away: killed saves never pile up (Foundation's `.atomic` leaves a
/// `.dat.nosync<hex>.<random>` per kill, for ever). A symbolic link in the temporary file's place
/// is removed, never written through. On a file system without `flock`, a write uses a temporary name of its own
/// (`.<name>.basemodel-tmp-<random>`) instead.
package enum AtomicFile {
    /// What the temporary name adds to the target's name, after a leading dot.
    package static let temporarySuffix = ".basemodel-tmp"

    /// The temporary file of an atomic write of `url`: `.<name>.basemodel-tmp` beside it.
    package static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + temporarySuffix)
    }

    /// Replaces the file at `url` with `data`, atomically, creating it when missing (but not its
    /// folder).
    ///
    /// - Parameters:
    ///   - mode: The new file's permission bits; default: the old file's, else those a new file
    ///     gets (0666 less the umask).
    ///   - format: The format named by the errors.
    /// - Throws: ``ModelError/Reason/io(operation:path:code:message:)`` naming `url` when the
    ///   temporary file cannot be written or renamed; the old file is then untouched, and the
    ///   temporary file removed.
    package static func write(_ data: Data, to url: URL, mode: mode_t? = nil, format: ModelFormat? = nil) throws(ModelError) {
        let (descriptor, temporary) = try openTemporary(for: url, format: format)
        defer { close(descriptor) }
        do throws(ModelError) {
            try fill(descriptor, with: data, mode: mode ?? permissions(of: url.path), target: url, format: format)
            guard rename(temporary, url.path) == 0 else { throw failure("write", url, format: format) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Creates the file at `url` holding `data` unless it exists: written beside it, then
    /// hard-linked into place, so no reader ever sees it half written.
    ///
    /// - Returns: Whether this call created it.
    /// - Throws: ``ModelError/Reason/io(operation:path:code:message:)`` naming `url` when it
    ///   cannot be written.
    package static func create(_ data: Data, at url: URL, mode: mode_t, format: ModelFormat? = nil) throws(ModelError) -> Bool {
        let (descriptor, temporary) = try openTemporary(for: url, format: format)
        defer { close(descriptor) }
        // Still holding the lock: a writer waiting for it finds the name gone and starts afresh.
        defer { unlink(temporary) }
        try fill(descriptor, with: data, mode: mode, target: url, format: format)
        if link(temporary, url.path) == 0 { return true }
        if errno == EEXIST { return false }
        throw failure("create", url, format: format)
    }

    // MARK: - The temporary file

    /// The temporary file of `url`, open for writing and locked, with its path: the shared
    /// name, taken over from a write that was killed, or one of its own where there is no `flock`.
    private static func openTemporary(for url: URL, format: ModelFormat?) throws(ModelError) -> (Int32, String) {
        let shared = temporaryURL(for: url).path
        for _ in 0..<100 {
            let descriptor = open(shared, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor < 0 && errno == ELOOP {
                // A symbolic link in the library's place: never written through; removed.
                guard unlink(shared) == 0 || errno == ENOENT else { throw failure("write", url, format: format) }
                continue
            }
            guard descriptor >= 0 else { throw failure("write", url, format: format) }
            var locked = flock(descriptor, LOCK_EX)
            while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX) }
            if locked != 0 {
                // No locks on this file system: a name of this write's own.
                close(descriptor)
                let own = shared + "-" + UUID().uuidString
                let descriptor = open(own, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                guard descriptor >= 0 else { throw failure("write", url, format: format) }
                return (descriptor, own)
            }
            // The writer that held the lock may have renamed the file away: then the name is
            // gone or another file's, and this one is the target now. Start again.
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, lstat(shared, &named) == 0,
                opened.st_dev == named.st_dev, opened.st_ino == named.st_ino
            {
                return (descriptor, shared)
            }
            close(descriptor)
        }
        throw ModelError(
            .io(operation: "write", path: url.path, code: Int(EBUSY), message: "its temporary file kept changing under other writers"),
            format: format)
    }

    /// Empties the temporary file, writes `data`, sets `mode` when given and syncs it to disk.
    private static func fill(_ descriptor: Int32, with data: Data, mode: mode_t?, target: URL, format: ModelFormat?) throws(ModelError) {
        guard ftruncate(descriptor, 0) == 0 else { throw failure("write", target, format: format) }
        var failed: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += count
            }
        }
        if failed == 0, let mode, fchmod(descriptor, mode) != 0 { failed = errno }
        if failed == 0, fsync(descriptor) != 0, errno != EINVAL { failed = errno }
        if failed != 0 { throw failure("write", target, errno: failed, format: format) }
    }

    /// The permission bits of the file at `path`, `nil` when there is none.
    private static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    private static func failure(_ operation: String, _ url: URL, errno code: Int32 = errno, format: ModelFormat?) -> ModelError {
        ModelError(.io(operation: operation, path: url.path, code: Int(code), message: String(cString: strerror(code))), format: format)
    }
}

// Inside `AtomicFile`, `write` names its own static method; this names the system call.
#if canImport(Glibc) || canImport(Musl)
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
#else
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#endif
