/// A format's index of its input: the read cursor the model decoder walks in place of a tree.
///
/// This is the seam a format that streams plugs into. The codec reads its bytes once into an
/// index (nodes named by number, strings and data in side tables), and ``ModelDecoder``'s engine
/// reads models from it with the same mapping rules, defaults, coercions, transformers and errors
/// as from a ``ModelValue`` tree: one decoder, two kinds of input. Scalars are handed over as the
/// tree would hold them (cheap: no container is built); a container becomes a tree only where a
/// property asks for one (a `ModelValue` property, a transformer's input, a `Live` value).
///
/// Objects of an object-graph format are nodes with a class name; an alias in the file is the
/// node of its target, so the same node number is the same object (shared class instances stay
/// shared). An index holds no cycles: a format whose file has one leaves it to its tree reader.
///
/// Generated coding (the model macro) reads the same cursor.
protocol IndexedInput: AnyObject {
    /// The node of the root value.
    var rootNode: Int32 { get }

    /// How many nodes the index holds; copies of struct objects are budgeted from it.
    var nodeCount: Int { get }

    /// What `node` is.
    func shape(of node: Int32) -> IndexedShape

    /// A scalar node's value as the typed tree holds it (null, a boolean, a number, a string,
    /// data or a date); `nil` for a container.
    func scalar(_ node: Int32) -> ModelValue?

    /// The element at `position` (in `0..<count`) of an array node.
    func element(of node: Int32, at position: Int) -> Int32

    /// The value of `key` in a dictionary or object node; `nil` when it has none (an object's
    /// nil value counts as none). `request` is how many keys were asked of this node before:
    /// objects of one class are asked in the same order, and an index may learn it.
    func value(of node: Int32, forKey key: String, request: Int) -> Int32?

    /// The keys of a dictionary or object node in file order (an object's nil values left out).
    func keys(of node: Int32) -> [String]

    /// The class name of an object node; `nil` for anything else.
    func className(of node: Int32) -> String?

    /// The value at `node` as a typed tree (objects as dictionaries with `$class`).
    func tree(at node: Int32) -> ModelValue

    /// An array node's elements when every one is a double (coordinates, series); `nil` otherwise.
    func doubles(of node: Int32) -> [Double]?
}
