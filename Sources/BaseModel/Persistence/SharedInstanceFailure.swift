import Foundation

/// Saved data of a shared instance that could not be read, and where it was put so nothing
/// overwrites it: what ``SharedModel/sharedInstanceFailure`` keeps after ``SharedModel/shared``
/// fell back to the defaults and the resource file.
///
/// ```swift
/// let list = TodoList.shared                       // never throws
/// if let failure = TodoList.sharedInstanceFailure {
///     print(failure.error)                         // items[2].done: expected bool, found string "yes" (json)
///     print(failure.quarantine ?? "")              // …/TodoList.unreadable-20261125T063513Z.json
/// }
/// ```
public struct SharedInstanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The ``Model/typeName`` of the type, for ``description``; a failure is read per type.
    let typeName: String
    /// Why the data could not be read.
    public let error: ModelError
    /// Where the unreadable data was moved: a file's new path, a user-defaults key, keychain
    /// accounts. `nil` when nothing was moved (a bundled resource file is never moved).
    public let quarantine: String?

    init(typeName: String, error: ModelError, quarantine: String?) {
        self.typeName = typeName
        self.error = error
        self.quarantine = quarantine
    }

    /// One line: the type, the error, where the data went.
    public var description: String {
        "\(typeName): \(error)" + (quarantine.map { "; moved to \($0)" } ?? "")
    }
}
