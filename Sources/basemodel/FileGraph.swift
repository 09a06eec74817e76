import ArgumentParser
import BaseModelCrypto
import Foundation

/// What the key-path verbs share (`extract`, `type`, `set`, `remove`): a file's graph, a place
/// in it named by a key path in the library's syntax (``RemoteKeyPath``: `a.b.0.c`, `a\.b` for the
/// key `a.b`), and editing a file in place.
enum FileGraph {
    /// The graph of the file at `path`, read in whatever format it is (encrypted files with the
    /// command line's password).
    ///
    /// - Throws: an exit code after printing a one-line error naming the file.
    static func read(_ path: String) throws -> InputIndex {
        let (data, codec, _) = try CommandSupport.detect(path)
        return try attempt(path) { () throws(ModelError) in try CommandSupport.formats.graph(of: data, format: codec.format).graph }
    }

    /// `body`'s result, or an exit code after printing its error as one line naming the file.
    static func attempt<T>(_ path: String, _ body: () throws(ModelError) -> T) throws -> T {
        do throws(ModelError) {
            return try body()
        } catch {
            throw CommandSupport.failure("\(path): \(CommandSupport.explain(error))")
        }
    }

    /// Changes the file at `path` in place: its graph edited by `edit`, written in its own format
    /// and replaced atomically (the old file or the new one, never a torn one). An encrypted file
    /// is sealed again with the same password; a symbolic link is followed.
    ///
    /// - Throws: an exit code after printing a one-line error naming the file.
    static func edit(_ path: String, _ edit: (InputIndex) throws(ModelError) -> InputIndex) throws {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let (data, codec, _) = try CommandSupport.detect(path)
        let formats = CommandSupport.formats
        try attempt(path) { () throws(ModelError) in
            let bytes: Data
            if codec.format == .encrypted {
                bytes = try CryptoFormats.resealing(data, in: formats) { inner, format throws(ModelError) in
                    try formats.editing(inner, format: format, edit: edit).data
                }
            } else {
                bytes = try formats.editing(data, format: codec.format, edit: edit).data
            }
            try AtomicFile.write(bytes, to: url, format: codec.format)
        }
    }

    /// What the help of `set` and `remove` says about what an edit keeps.
    static let keptByAnEdit = """
        The file is edited in place, in its own format, and replaced atomically. The edit changes \
        the file's graph, not a copy of its values: everything it does not touch keeps its \
        sharing (an object or container met in several places stays one), its "$class" names, \
        its key order and its forms (mutable, 4-byte floats, sets, URLs). A place inside an \
        object or container that is shared is one place: the change is seen from every place \
        that holds it. Encrypted files (crypto, encrypted) are sealed again with the same \
        password (BASEMODEL_PASSWORD, or asked on a terminal).

        An edit that changes nothing gives back the same file: FastCoding files keep their \
        bytes; JSON, property lists, HR files and keyed archives keep their values, sharing and \
        classes but may differ in bytes (key order and layout are written as this library \
        writes them); encrypted files are sealed with a fresh salt and IV, so their bytes \
        always change.
        """
}
