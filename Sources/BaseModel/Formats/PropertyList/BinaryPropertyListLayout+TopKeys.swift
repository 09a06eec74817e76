extension BinaryPropertyListLayout {
    /// The keys of the top object when it is a dictionary, each with a reference to its value;
    /// `nil` when the top object is not a dictionary. Used to sniff archives and typed trees
    /// (``PropertyListDocument/summary(of:)``, which every format detection asks several times)
    /// without reading the whole file, and without a reader's tables sized by the object count.
    ///
    /// - Throws: ``ModelError`` when an offset or count read on the way is out of range.
    func topDictionaryKeys() throws(ModelError) -> [(key: String, value: Int)]? {
        let start = try objectOffset(topObject)
        guard bytes[start] >> 4 == 0xD else { return nil }
        let (count, payload) = try countAndPayload(at: start, unitSize: 2 * referenceSize)
        var entries: [(key: String, value: Int)] = []
        for index in 0..<count {
            let keyReference = reference(at: payload + index * referenceSize)
            guard case .string(let key)? = try scalarObject(keyReference) else { continue }
            entries.append((key, reference(at: payload + (count + index) * referenceSize)))
        }
        return entries
    }

    /// The scalar object `reference` names, or `nil` for a container or a reference out of range.
    ///
    /// - Throws: ``ModelError`` when the object's offset or bytes are malformed.
    func scalarObject(_ reference: Int) throws(ModelError) -> PropertyListObject? {
        guard reference < objectCount else { return nil }
        let start = try objectOffset(reference)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0xA, 0xB, 0xC, 0xD: return nil
        default: return try scalar(at: start, marker: marker)
        }
    }
}
