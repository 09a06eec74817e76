import Testing

extension Trait where Self == ConditionTrait {
    /// For suites and tests that read `../shared/corpus`: skipped, with a message naming the
    /// folder, when the corpus is missing (a clone of the repository alone), except under
    /// `CI=true`, where they run and fail.
    static var corpus: Self {
        .enabled(if: ModelCorpus.isAvailable || ModelCorpus.isCI, ModelCorpus.missingMessage)
    }
}
