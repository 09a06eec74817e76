@testable import BaseModel
import Foundation
import Testing

/// An edit that changes nothing gives back the same file, for every file the originals wrote
/// (`../shared/corpus/originals/`) and every Apple-made keyed archive (`corpus/keyed-archives/`):
/// the same bytes where the format allows it (FastCoding), else the same values, sharing and
/// classes. What `basemodel set` and `remove` say in their help.
@Suite("Edits that change nothing", .corpus)
struct EditingCorpusTests {
    static let keyedArchives = ModelCorpus.root.appendingPathComponent("keyed-archives")

    /// Every file: the originals' (with `fromjson/`), but the encrypted ones (the crypto target's
    /// tests edit those), and the keyed archives.
    static let files: [String] = OriginalsCorpus.files().map { "originals/" + $0 }
        + OriginalsCorpus.files(in: OriginalsCorpus.fromJSON).map { "originals/fromjson/" + $0 }
        + ((try? FileManager.default.contentsOfDirectory(atPath: keyedArchives.path)) ?? []).sorted().map { "keyed-archives/" + $0 }

    /// The formats whose files come back byte for byte.
    static let keepsBytes: Set<ModelFormat> = [.fast]

    @Test("the corpus is there")
    func corpusIsThere() {
        #expect(Self.files.count > 100)
    }

    /// Checks that `edited`, the file `data` in `format` after an edit that changes nothing,
    /// is the same bytes or holds the same values.
    static func expectSame(_ edited: Data, as data: Data, format: ModelFormat, original: InputIndex, _ name: String) throws {
        if keepsBytes.contains(format) {
            #expect(edited == data, "\(name): other bytes")
            return
        }
        let (codec, again) = try FormatRegistry.shared.graph(of: edited)
        #expect(codec.format == format, "\(name)")
        #expect(try again.typedTree() == original.typedTree(), "\(name): other values")
    }

    @Test("an edit that leaves the graph as it was gives the same bytes or the same values", arguments: files)
    func identity(name: String) throws {
        let data = try Data(contentsOf: ModelCorpus.root.appendingPathComponent(name))
        let (codec, graph) = try FormatRegistry.shared.graph(of: data)
        let edited = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in graph }
        try Self.expectSame(edited.data, as: data, format: codec.format, original: graph, name)
    }

    @Test("setting the value a place holds gives the same bytes or the same values", arguments: files)
    func sameValue(name: String) throws {
        let data = try Data(contentsOf: ModelCorpus.root.appendingPathComponent(name))
        let (codec, graph) = try FormatRegistry.shared.graph(of: data)
        // A file whose root is a scalar, or that holds no scalar, has no place to edit: the
        // identity edit covers it.
        guard let leaf = GraphLeaf.first(in: graph) else { return }
        let value = try graph.value(at: leaf.path)
        #expect(try graph.setting(value, at: leaf.path) === graph)
        let edited = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in try graph.setting(value, at: leaf.path) }
        #expect(edited.format == codec.format)
        try Self.expectSame(edited.data, as: data, format: codec.format, original: graph, name)
    }

    @Test("a value changed and set back gives the same bytes or the same values", arguments: files)
    func changedAndBack(name: String) throws {
        let data = try Data(contentsOf: ModelCorpus.root.appendingPathComponent(name))
        let (codec, graph) = try FormatRegistry.shared.graph(of: data)
        // A file whose root is a scalar, or that holds no scalar, has no place to edit: the
        // identity edit covers it.
        guard let leaf = GraphLeaf.first(in: graph) else { return }
        let value = try graph.value(at: leaf.path)
        let other = leaf.otherValue(in: graph)
        let changed = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in try graph.setting(other, at: leaf.path) }
        #expect(changed.data != data)
        #expect(try FormatRegistry.shared.graph(of: changed.data).graph.value(at: leaf.path) == other, "\(name)")
        let back = try FormatRegistry.shared.editing(changed.data) { graph throws(ModelError) in try graph.setting(value, at: leaf.path) }
        try Self.expectSame(back.data, as: data, format: codec.format, original: graph, name)
        let undone = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in
            try graph.setting(other, at: leaf.path).setting(value, at: leaf.path)
        }
        try Self.expectSame(undone.data, as: data, format: codec.format, original: graph, name)
    }

    @Test("a shared object renamed in people.fast stays one object, and renamed back gives the original bytes")
    func sharedObject() throws {
        let data = try OriginalsCorpus.data("people.fast")
        let edited = try FormatRegistry.shared.editing(data) { graph throws(ModelError) in try graph.setting("Robert", at: "2.name") }
        var expected = try OriginalsCorpus.expected("people")
        guard case .array(var people) = expected, case .dictionary(var alice) = people[0], case .dictionary(var bob)? = alice["buddy"] else {
            Issue.record("people.expected.json is not three people")
            return
        }
        bob["name"] = "Robert"
        alice["buddy"] = .dictionary(bob)
        people[0] = .dictionary(alice)
        expected = .array(people)
        let actual = try FormatRegistry.shared.graph(of: edited.data).graph.typedTree()
        #expect(OriginalsCorpus.differences(actual: actual, expected: expected, format: .fast).isEmpty)
        #expect(actual[2] == ["$alias": "0.buddy"])
        // Set back, the file is the original's bytes again.
        let back = try FormatRegistry.shared.editing(edited.data) { graph throws(ModelError) in try graph.setting("Bob", at: "1.buddy.name") }
        #expect(back.data == data)
    }
}
