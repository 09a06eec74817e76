/// Writing a model field by field, as generated code does (see ``ModelWriter``).
extension ModelWriter {
    /// Begins a model: an object of `className` in a format that stores types, a dictionary
    /// otherwise. Requires ``ModelSchema/encodesFieldsDirectly`` (every field one key).
    func beginModel(_ schema: ModelSchema, className: String?) {
        if let className { beginObject(className: className) } else { beginDictionary(count: nil) }
    }

    /// Names field `index` of `schema` (declaration order): its remote key, with the model's key
    /// case and `keyPaths`. The field's value is written next. An uncodable field is not written
    /// at all (``PropertyPlan/isUncodable``).
    func writeField(_ index: Int, of schema: ModelSchema) {
        writeKey(schema.fields[index].encodedKey ?? schema.fields[index].path.description)
    }

    /// Ends the model begun by ``beginModel(_:className:)``.
    func endModel() {
        endDictionary()
    }
}

extension PropertyPlan {
    /// The value written for this property: `value` through its transformer; a null stays null.
    ///
    /// - Parameter model: The path of the model, for the error.
    /// - Throws: ``ModelError/Reason/invalidValue(_:)`` at the property's path when the
    ///   transformer fails.
    func encodedValue(_ value: ModelValue, in model: @autoclosure () -> ModelPath) throws(ModelError) -> ModelValue {
        guard let transformer, !value.isNull else { return value }
        do {
            return try transformer.encode(value)
        } catch {
            throw ModelError(
                .invalidValue("\(transformer.name): \(error)"),
                path: model().appending(ModelPath(path.primary.map { .key($0.key) })), excerpt: value.excerpt)
        }
    }
}
