package import Logging

/// The library's log for saved data: one `error` line each time saved data cannot be read and
/// is moved aside, through apple/swift-log (the app chooses where lines go with
/// `LoggingSystem.bootstrap`).
package enum PersistenceLog {
    /// The logger, labelled `BaseModel`; made on each use (failures are rare) so it follows
    /// a `LoggingSystem.bootstrap` made after the first one.
    package static var logger: Logger { Logger(label: "BaseModel") }
}
