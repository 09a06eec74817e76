/// One model type of a sample: the dictionaries met under one name (a `$class` name, or the key
/// that holds them), merged, with each key's ``ValueShape`` in order of first meeting.
final class ObjectShape {
    /// The `$class` name the objects carried, `nil` for plain dictionaries.
    let className: String?
    /// The name the type is known by while the sample is read: the class name, or the
    /// singular of the key that held the objects.
    let hint: String
    /// The objects merged into this type.
    var count = 0
    /// The keys met, in order of first meeting.
    private(set) var keys: [String] = []
    private(set) var fields: [String: ValueShape] = [:]
    /// The object is the target of an alias met inside itself: it holds a cycle.
    var holdsCycle = false

    init(className: String?, hint: String) {
        self.className = className
        self.hint = hint
    }

    /// The shape of the values of `key`, created on first meeting.
    func field(_ key: String) -> ValueShape {
        if let shape = fields[key] { return shape }
        let shape = ValueShape()
        keys.append(key)
        fields[key] = shape
        return shape
    }
}
