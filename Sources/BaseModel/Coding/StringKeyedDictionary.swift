import Foundation

/// Marks `[String: Value]`, whose keys are data and never go through a key case.
protocol StringKeyedDictionary {}

extension Dictionary: StringKeyedDictionary where Key == String {}
