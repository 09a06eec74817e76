import BaseModelCrypto
import Testing

@Test func cryptoTargetReExportsBaseModel() throws {
    #expect(ModelFormat.json.rawValue == "json")
}
