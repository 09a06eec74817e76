/// The corpus models of `BaseModelTests` (`TwitterModels.swift`, `CitmModels.swift`,
/// `CanadaModels.swift`, linked into this target) written with the `@Model` macro: the same
/// names, nested here, with the mapping on the properties instead of in static tables.
/// `MacroDifferentialTests` decodes and encodes both forms and compares.
enum MacroCorpus {}
