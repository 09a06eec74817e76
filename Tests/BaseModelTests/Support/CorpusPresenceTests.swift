import Testing

/// Under CI the corpus must be there: its absence fails the run instead of skipping a third of
/// the suite.
@Suite("The shared corpus")
struct CorpusPresenceTests {
    @Test("is present under CI=true")
    func presentUnderCI() {
        guard ModelCorpus.isCI else { return }
        #expect(ModelCorpus.isAvailable, "CI=true but the shared corpus is not at \(ModelCorpus.root.path)")
    }
}
