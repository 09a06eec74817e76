import Foundation

/// A replacement of a shared instance, as ``SharedModel/sharedInstanceUpdates`` delivers it. Read the
/// type's `shared` for the new instance (it is not carried here, since models need not be
/// `Sendable`).
public struct SharedInstanceUpdate: Sendable, Hashable {
    /// The ``Model/typeName`` of the type whose shared instance changed.
    public let typeName: String
    /// Whether the shared instance was freed (`setSharedInstance(nil)`) rather than replaced.
    public let wasCleared: Bool

    /// Creates an update, for comparisons in tests.
    init(typeName: String, wasCleared: Bool) {
        self.typeName = typeName
        self.wasCleared = wasCleared
    }
}
