import BaseModelSQLite
import Testing

@Test func sqliteTargetReExportsBaseModel() throws {
    #expect(ModelFormat.json.rawValue == "json")
}
