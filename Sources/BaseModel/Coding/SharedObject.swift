/// A class instance written into a typed tree, which later occurrences alias: the place of its
/// first occurrence, and what a writer needs to point back at it.
///
/// The encoder makes one when it meets an instance of a class model for the first time and
/// hands it to the writer (``ModelWriter/beginShared(_:)``); a later occurrence of the same
/// instance is ``ModelWriter/writeAlias(to:)`` with it. The tree writer names it by its key path
/// (`{"$alias": "items.0"}`); the fast writer by the object-cache index it was written at.
package final class SharedObject {
    /// Where the instance was first met, from the document's root.
    let position: ModelPath
    /// A writer's handle on the first occurrence once it is written (the fast writer's
    /// object-cache index); `nil` before.
    var writtenIndex: Int?
    /// Whether a writer is writing the first occurrence right now.
    var isOpen = false
    /// Whether a writer has written the first occurrence.
    var isWritten = false

    init(position: ModelPath) {
        self.position = position
    }

    /// The dotted key path of the first occurrence, as `$alias` spells it (`$root` for the root).
    private(set) lazy var keyPath = TypedTree.keyPath(for: position)
}
