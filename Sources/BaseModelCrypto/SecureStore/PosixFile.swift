import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the file vault needs with exact modes (`Data.write(.atomic)`
/// gives no say over the new file's mode, and there is no `flock` in Foundation); its atomic
/// writes are the core's `AtomicFile`.
enum PosixFile {
    /// A `ModelError` for the failed `operation` on `path`, with `errno`'s message.
    static func failure(_ operation: String, _ path: String, errno code: Int32 = errno) -> ModelError {
        ModelError(
            .io(operation: operation, path: path, code: Int(code), message: String(cString: strerror(code))), format: .keychain)
    }

    /// Creates `directory` (and its parents) and sets its own mode to `mode`.
    static func makeDirectory(_ directory: URL, mode: mode_t) throws(ModelError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ModelError.io("create", directory, error, format: .keychain)
        }
        guard chmod(directory.path, mode) == 0 else { throw failure("set the mode of", directory.path) }
    }

    /// The file's bytes, or `nil` when it does not exist; refuses files above `limit` bytes.
    static func read(_ path: String, limit: Int) throws(ModelError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure("open", path)
        }
        defer { close(descriptor) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            guard result.count <= limit else {
                throw ModelError(.unsupported("\(path) is larger than \(limit) bytes"), format: ModelFormat.keychain.rawValue)
            }
        }
    }

    /// Replaces `path` with `data` atomically, with `mode`: a new file beside it, then `rename`
    /// (`AtomicFile`, whose temporary name a later write takes over when a write was killed).
    static func replace(_ path: String, data: Data, mode: mode_t) throws(ModelError) {
        try AtomicFile.write(data, to: URL(fileURLWithPath: path), mode: mode, format: .keychain)
    }

    /// Creates `path` holding `data` with `mode` unless it exists: written beside it, then
    /// hard-linked into place, so no reader ever sees it half written. Returns whether this call
    /// created it.
    static func createOnce(_ path: String, data: Data, mode: mode_t) throws(ModelError) -> Bool {
        try AtomicFile.create(data, at: URL(fileURLWithPath: path), mode: mode, format: .keychain)
    }

    /// Runs `body` holding an exclusive `flock` on `path` (created with `mode`), which serialises
    /// it against other processes and other threads of this one.
    static func withLock<T>(_ path: String, mode: mode_t, _ body: () throws(ModelError) -> T) throws(ModelError) -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("lock", path) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The permission bits of `path`.
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}

// Inside `PosixFile`, `read` names its own static method; this names the system call.
#if canImport(Glibc) || canImport(Musl)
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
#else
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif
