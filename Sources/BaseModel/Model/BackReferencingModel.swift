/// A class model with an optional property that points back at one of its ancestors, such as
/// a child's `parent`: the opt-in that lets typed trees (``ModelFormat/fast``, the HRCoder
/// formats, keyed archives) hold such a cycle.
///
/// Writing needs nothing: an instance met again, an ancestor included, is written as an alias.
/// Reading cannot build a cycle through Swift initialisers, so the decoder reads an optional
/// property whose alias points at an ancestor still being decoded as `nil`, and once that
/// ancestor is built calls ``restoreBackReference(_:forKey:)`` on the instance. Without this
/// conformance such a cycle is a typed ``ModelError/Reason/unsupported(_:)`` error.
///
/// ```swift
/// final class Folder: Model, BackReferencingModel, @unchecked Sendable {
///     var name = ""
///     var children: [Folder] = []
///     weak var parent: Folder?        // weak: the parent owns its children
///     required init() {}
///
///     func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool {
///         guard key == "parent", let folder = object as? Folder else { return false }
///         parent = folder
///         return true
///     }
/// }
/// ```
public protocol BackReferencingModel: AnyObject {
    /// Sets the property named `key` (its coding key) to `object`, an ancestor that was still
    /// being decoded when the property was read.
    ///
    /// - Returns: `false` when `key` is no back reference of this type or `object` has the wrong
    ///   type; the decode then fails with a typed error.
    func restoreBackReference(_ object: AnyObject, forKey key: String) -> Bool
}
