import PostgresNIO

extension PostgresStore {
    /// Writes a batch of rows of one type, each key once, in at most two statements over arrays
    /// (`unnest`), inside the caller's transaction: an `UPDATE … WHERE version = expected` for the
    /// rows whose version this store knows, an `INSERT … ON CONFLICT DO NOTHING` for the others
    /// (with ``ConflictPolicy/overwrite``: one `INSERT … ON CONFLICT DO UPDATE` for all). A row
    /// that neither statement wrote is a conflict, thrown so that the transaction rolls back.
    ///
    /// - Returns: The new version of every row.
    func writeBatch(
        _ rows: [EncodedRow], known: [RowKey: Int64], policy: ConflictPolicy, format: String,
        on connection: PostgresConnection
    ) async throws -> [RowKey: Int64] {
        guard let type = rows.first?.key.type else { return [:] }
        let asJSON = rows.first?.json != nil
        // `json` rows bind their text as text[], the others their bytes as bytea[].
        let bodyArray = asJSON ? "$4::text[]" : "$4::bytea[]"
        let jsonValue = asJSON ? "v.body::jsonb" : "NULL::jsonb"
        let bytesValue = asJSON ? "NULL::bytea" : "v.body"
        var written: [RowKey: Int64] = [:]

        func run(_ sql: String, _ batch: [EncodedRow], expected: [Int64]?) async throws {
            guard !batch.isEmpty else { return }
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(type)
            bindings.append(batch.map(\.key.idText))
            bindings.append(batch.map(\.key.isInteger))
            if asJSON {
                bindings.append(batch.map { $0.json ?? "" })
            } else {
                bindings.append(batch.map { $0.body ?? ByteBuffer() })
            }
            bindings.append(format)
            if let expected { bindings.append(expected) }
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: Self.logger)
            for try await (id, isInteger, version) in rows.decode((String, Bool, Int64).self) {
                guard let identifier = RowKey.identifier(text: id, isInteger: isInteger) else { continue }
                written[RowKey(type: type, id: identifier)] = version
            }
        }

        let returning = "RETURNING id, integer_id, version"
        let select = """
            SELECT $1, v.id, v.integer_id, $5, \(jsonValue), \(bytesValue)
            FROM unnest($2::text[], $3::boolean[], \(bodyArray)) AS v(id, integer_id, body)
            """
        if policy == .overwrite {
            try await run(
                """
                INSERT INTO basemodel_model (type, id, integer_id, format, json, body) \(select)
                ON CONFLICT (type, integer_id, id) DO UPDATE
                SET format = excluded.format, json = excluded.json, body = excluded.body,
                    version = basemodel_model.version + 1
                \(returning)
                """, rows, expected: nil)
        } else {
            let updates = rows.filter { known[$0.key] != nil }
            let inserts = rows.filter { known[$0.key] == nil }
            try await run(
                """
                UPDATE basemodel_model AS m
                SET format = $5, json = \(jsonValue), body = \(bytesValue), version = m.version + 1
                FROM unnest($2::text[], $3::boolean[], \(bodyArray), $6::bigint[]) AS v(id, integer_id, body, expected)
                WHERE m.type = $1 AND m.integer_id = v.integer_id AND m.id = v.id AND m.version = v.expected
                RETURNING m.id, m.integer_id, m.version
                """, updates, expected: updates.map { known[$0.key] ?? 0 })
            try await run(
                """
                INSERT INTO basemodel_model (type, id, integer_id, format, json, body) \(select)
                ON CONFLICT (type, integer_id, id) DO NOTHING
                \(returning)
                """, inserts, expected: nil)
        }
        if let missing = rows.first(where: { written[$0.key] == nil }) {
            throw Self.conflict(missing.key, expected: known[missing.key])
        }
        return written
    }
}
