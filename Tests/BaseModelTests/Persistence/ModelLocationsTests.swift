@testable import BaseModel
import Foundation
import Testing

@Suite struct ModelLocationsTests {
    @Test func aScopedFolderIsSeenByItsTaskAndChildTasksOnly() async throws {
        let outside = ModelLocations.applicationSupport
        let first = URL(fileURLWithPath: "/tmp/bm-locations-first")
        let second = URL(fileURLWithPath: "/tmp/bm-locations-second")

        async let seenByFirst = ModelLocations.withApplicationSupport(first) {
            await Task.yield()
            return (ModelLocations.applicationSupport, ModelLocations.saveURL(for: "a.json"))
        }
        async let seenBySecond = ModelLocations.withApplicationSupport(second) {
            await Task.yield()
            return await withTaskGroup(of: URL.self) { group in
                group.addTask { ModelLocations.applicationSupport }
                return await group.next()!
            }
        }
        let (firstFolder, firstFile) = await seenByFirst
        #expect(firstFolder == first)
        #expect(firstFile == first.appendingPathComponent("a.json"))
        #expect(await seenBySecond == second)
        #expect(ModelLocations.applicationSupport == outside)
    }

    @Test func anAbsolutePathIgnoresTheFolder() {
        ModelLocations.withApplicationSupport(URL(fileURLWithPath: "/tmp/elsewhere")) {
            #expect(ModelLocations.saveURL(for: "/var/x.json").path == "/var/x.json")
        }
    }
}
