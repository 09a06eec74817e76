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
}
