/// A string that equals another only when their Unicode scalars are the same: unlike `String`'s
/// own equality, canonically equivalent strings ("é" and "e\u{301}") stay apart. Writers that
/// store each distinct string once key their tables with it, so that no string reads back as
/// another.
struct ExactString: Hashable {
    let text: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    /// `String`'s hash: equal scalars hash alike (and canonically equivalent strings collide,
    /// which equality then tells apart).
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
