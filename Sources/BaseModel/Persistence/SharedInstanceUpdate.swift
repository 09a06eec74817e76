import Foundation

/// A replacement of a shared instance, or a failure to read its saved data, as
/// ``SharedModel/sharedInstanceUpdates`` delivers it. Read the type's `shared` for the new
/// instance (it is not carried here, since models need not be `Sendable`). Each stream is of one
/// type, so the update does not name it.
public struct SharedInstanceUpdate: Sendable, Hashable {
    /// The ``Model/typeName`` of the type whose shared instance changed (for messages and tests).
    let typeName: String
    /// Whether the shared instance was freed (`setSharedInstance(nil)`) rather than replaced
    /// (package: the articles do not teach it; `hasSharedInstance` says the same).
    package let wasCleared: Bool
    /// Set when this event reports saved data that could not be read and was moved aside (the
    /// instance was then built without it); `nil` for a replacement.
    public let failure: SharedInstanceFailure?

    /// Creates an update, for comparisons in tests.
    init(typeName: String, wasCleared: Bool, failure: SharedInstanceFailure? = nil) {
        self.typeName = typeName
        self.wasCleared = wasCleared
        self.failure = failure
    }
}
