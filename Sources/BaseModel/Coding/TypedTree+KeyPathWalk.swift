extension TypedTree {
    /// A container as a key-path walk meets it (``walk(_:from:open:)``).
    enum Container<Place> {
        /// An array: its element count, and the place of an element.
        case elements(count: Int, element: (Int) -> Place)
        /// A dictionary or object: its entry count, and the key and place of an entry.
        case entries(count: Int, entry: (Int) -> (key: String, value: Place))
    }

    /// The place a dotted key path names from `root`, or `nil` when it names none.
    ///
    /// `$root` is `root`. Otherwise each step is looked up in the container `open` gives for the
    /// current place (`nil`: a scalar, or an alias, which no path runs through). A dictionary
    /// step is a key; a key that holds dots matches the steps it spells, since the writers spell
    /// the path of a place under `NS.timeZone` `NS.timeZone.…` (keyed archives have such keys).
    /// Where several keys match, the longest that leads somewhere wins. An array step is a
    /// canonical decimal index (``arrayIndex(_:)``). Keys are compared byte for byte.
    ///
    /// Every reader and checker of aliases walks this way: ``resolve(_:in:)`` on trees, the
    /// typed-tree and HR graph readers, and the recorded documents of the HR writers.
    static func walk<Place>(_ keyPath: String, from root: Place, open: (Place) -> Container<Place>?) -> Place? {
        if keyPath == rootKeyPath { return root }
        return walk(keyPath[...].utf8, from: root, open: open)
    }

    private static func walk<Place>(_ rest: Substring.UTF8View, from place: Place, open: (Place) -> Container<Place>?) -> Place? {
        let dot = UInt8(ascii: ".")
        guard let container = open(place) else { return nil }
        switch container {
        case .elements(let count, let element):
            let end = rest.firstIndex(of: dot) ?? rest.endIndex
            guard let index = arrayIndex(Substring(rest[..<end])), index < count else { return nil }
            guard end != rest.endIndex else { return element(index) }
            return walk(rest[rest.index(after: end)...], from: element(index), open: open)
        case .entries(let count, let entry):
            var matches: [(length: Int, value: Place)] = []
            for position in 0..<count {
                let (key, value) = entry(position)
                let length = key.utf8.count
                guard rest.starts(with: key.utf8) else { continue }
                let end = rest.index(rest.startIndex, offsetBy: length)
                guard end == rest.endIndex || rest[end] == dot else { continue }
                matches.append((length, value))
            }
            if matches.count > 1 { matches.sort { $0.length > $1.length } }
            for match in matches {
                let end = rest.index(rest.startIndex, offsetBy: match.length)
                guard end != rest.endIndex else { return match.value }
                if let found = walk(rest[rest.index(after: end)...], from: match.value, open: open) { return found }
            }
            return nil
        }
    }
}
