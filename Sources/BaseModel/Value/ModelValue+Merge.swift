import OrderedCollections

extension ModelValue {
    /// This tree with `overlay` merged over it, deeply: dictionaries merge key by key (keys in
    /// the overlay win, keys only here stay), anything else in the overlay replaces what is here.
    /// An explicit `null` in the overlay replaces too, so it clears.
    ///
    /// This is how layers combine: defaults ← resource file ← save file (DESIGN principle 3).
    func merging(_ overlay: ModelValue) -> ModelValue {
        guard case .dictionary(var base) = self, case .dictionary(let top) = overlay else { return overlay }
        for (key, value) in top {
            base[key] = base[key].map { $0.merging(value) } ?? value
        }
        return .dictionary(base)
    }
}
