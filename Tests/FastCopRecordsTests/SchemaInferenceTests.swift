import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: schema inference (fastcop infer): types, widening, required, enum, unique, round trip")
struct SchemaInferenceTests {
    static func infer(
        _ text: String, format: InputFormat = .csv, dialect: CSVDialect? = nil, options: InferenceOptions = .init()
    ) throws -> InferredSchema {
        try SchemaInference.infer(
            .memory(Array(text.utf8), name: "input"), format: format, dialect: dialect, options: options)
    }

    /// `header` and one column of `values` as CSV.
    static func column(_ values: [String], header: String = "x") -> String {
        ([header] + values).joined(separator: "\n") + "\n"
    }

    @Test(
        "a column's type is the first of frictionless-py's order that reads every value",
        arguments: [
            (["1", "-2", "+30"], FieldKind.integer, nil as String?),
            (["1", "0", "1"], .integer, nil),  // integer before boolean, as frictionless-py
            (["1.5", "2", "1e3"], .number, nil),  // integer + number widens to number
            (["true", "False", "TRUE"], .boolean, nil),
            (["2024-01-05", "1999-12-31"], .date, nil),
            (["05/01/2024", "31/12/1999"], .date, "%d/%m/%Y"),
            (["12/31/1999", "01/05/2024"], .date, "%m/%d/%Y"),
            (["24.12.2023", "01.01.2024"], .date, "%d.%m.%Y"),
            (["2024-01-05T10:30:00", "2024-01-05T10:30:00Z"], .datetime, nil),
            (["31/12/2024 23:59", "01/01/2024 00:00"], .datetime, "%d/%m/%Y %H:%M"),
            (["10:30:00", "23:59:59"], .time, nil),
            (["10:30", "23:59"], .time, "%H:%M"),
            (["1", "abc"], .string, nil),  // integer + text widens to string
            (["2024-01-05", "5"], .string, nil),
            (["é", "straße", "👍🏽"], .string, nil),
            (["", ""], .any, nil),  // no value: any, as frictionless-py
        ])
    func types(values: [String], kind: FieldKind, format: String?) throws {
        let schema = try Self.infer(Self.column(values))
        #expect(schema.fields.count == 1)
        #expect(schema.fields[0].type == FieldType(kind: kind, format: format))
    }

    @Test("required when no value is missing; an empty value or a missing value of the schema makes it optional")
    func required() throws {
        let schema = try Self.infer("a,b,c\n1,x,NA\n2,,3\n3,y,4\n")
        #expect(schema.fields.map(\.required) == [true, false, true])
        #expect(schema.fields.map(\.type.kind) == [.integer, .string, .string])
        let na = try Self.infer("a,b,c\n1,x,NA\n2,,3\n3,y,4\n", options: InferenceOptions(missingValues: ["", "NA"]))
        #expect(na.fields.map(\.required) == [true, false, false])
        #expect(na.fields[2].type.kind == .integer)
        #expect(na.json.contains("\"missingValues\": [\n    \"\",\n    \"NA\"\n  ]"))
    }

    @Test("enum: a string column of at most 10 distinct values over at least 20, sorted; never for other types")
    func enumeration() throws {
        let colours = (0..<30).map { ["red", "green", "blue", "vert"][$0 % 4] }
        #expect(try Self.infer(Self.column(colours)).fields[0].enumValues == ["blue", "green", "red", "vert"])
        // Too few values, too many distinct ones, numbers: no enum.
        #expect(try Self.infer(Self.column(Array(colours.prefix(19)))).fields[0].enumValues == nil)
        let eleven = (0..<40).map { "v\($0 % 11)" }
        #expect(try Self.infer(Self.column(eleven)).fields[0].enumValues == nil)
        #expect(try Self.infer(Self.column((0..<30).map { "\($0 % 3)" })).fields[0].enumValues == nil)
        var options = InferenceOptions()
        options.enumLimit = 0
        #expect(try Self.infer(Self.column(colours), options: options).fields[0].enumValues == nil)
    }

    @Test("unique: integer or string columns of at least 20 values with no repeat (integers as numbers: 01 is 1)")
    func unique() throws {
        let ids = (1...25).map { String($0) }
        #expect(try Self.infer(Self.column(ids)).fields[0].unique)
        #expect(try Self.infer(Self.column(ids + ["07"])).fields[0].unique == false)
        let names = ids.map { "id-" + $0 }
        #expect(try Self.infer(Self.column(names)).fields[0].unique)
        let repeated = try Self.infer(Self.column(names + ["id-3"]))
        #expect(repeated.fields[0].unique == false)
        #expect(try Self.infer(Self.column(Array(ids.prefix(19)))).fields[0].unique == false)
        #expect(try Self.infer(Self.column(ids.map { "\($0).5" })).fields[0].unique == false)  // numbers: never
        #expect(try Self.infer(Self.column(ids), options: InferenceOptions(unique: false)).fields[0].unique == false)
    }

    @Test("dates that fit day first and month first are read day first, with a note")
    func ambiguousDates() throws {
        let schema = try Self.infer(Self.column(["01/02/2024", "03/04/2024"], header: "d"))
        #expect(schema.fields[0].type.format == "%d/%m/%Y")
        #expect(
            schema.notes == [
                #"'d': every date fits "%d/%m/%Y" and "%m/%d/%Y": chose "%d/%m/%Y"; change the format if that is wrong"#
            ])
    }

    @Test("confidence below 1: the type most values fit, and the values it does not read are counted")
    func confidence() throws {
        let values = (1...19).map(String.init) + ["n/a"]
        #expect(try Self.infer(Self.column(values)).fields[0].type.kind == .string)
        let schema = try Self.infer(Self.column(values), options: InferenceOptions(confidence: 0.9))
        #expect(schema.fields[0].type.kind == .integer)
        #expect(schema.fields[0].unread == 1)
        #expect(schema.notes.contains { $0.contains("1 of 20 values are not integer") })
    }

    @Test("the sample: the first N rows, or all; a blank or malformed row is left out with a note")
    func sample() throws {
        let text = "a,b\n" + (1...50).map { "\($0),x" }.joined(separator: "\n") + "\nwide,row,here\n,\n"
        let first = try Self.infer(text, options: InferenceOptions(sampleRows: 10))
        #expect(first.rows == 10 && !first.wholeInput)
        let all = try Self.infer(text, options: InferenceOptions(sampleRows: nil))
        #expect(all.rows == 50 && all.wholeInput && all.malformedRows == 1 && all.blankRows == 1)
        #expect(all.fields[0].type.kind == .integer && all.fields[0].required)
        #expect(all.notes.count == 2)
    }

    @Test("without a header, fields are field1, field2…; TSV values are read with their escapes")
    func noHeaderAndTSV() throws {
        var dialect = CSVDialect.csv
        dialect.hasHeader = false
        let schema = try Self.infer("1,a\n2,b\n", dialect: dialect)
        #expect(schema.fields.map(\.name) == ["field1", "field2"])
        let tsv = try Self.infer("n\tt\n1\ta\\tb\n2\tc\n", format: .tsv)
        #expect(tsv.fields.map(\.type.kind) == [.integer, .string])
    }

    @Test("JSON Lines: members in first-seen order, nested as dotted paths, JSON types kept, arrays left out")
    func jsonLines() throws {
        let text = """
            {"id": 1, "ok": true, "addr": {"city": "Zürich", "zip": "8001"}, "tags": ["a"], "a.b": 1.5}
            {"id": 2, "ok": false, "addr": {"city": "Köln"}, "n": null, "when": "2024-01-05"}
            {"id": "3", "ok": true, "addr": {"city": "Wien", "zip": "1010"}, "mixed": 1}
            {"id": 4, "ok": false, "addr": {"city": "Bern"}, "mixed": "x"}

            """
        let schema = try Self.infer(text, format: .jsonl)
        #expect(schema.fields.map(\.name) == ["id", "ok", "addr.city", "addr.zip", #"a\.b"#, "n", "when", "mixed"])
        #expect(
            schema.fields.map(\.type.kind) == [.integer, .boolean, .string, .integer, .number, .any, .date, .any])
        #expect(schema.fields.map(\.required) == [true, true, true, false, false, false, false, false])
        #expect(schema.notes == ["'tags' holds arrays (1 rows): left out, FastCop reads no arrays"])
    }

    @Test("header errors: malformed, named twice; plain lines have no columns")
    func errors() throws {
        #expect(throws: RecordsError.self) { try Self.infer("\"a,b\n1,2\n") }
        #expect { try Self.infer("a,b,a\n1,2,3\n") } throws: { "\($0)".contains("column 'a' is named twice") }
        #expect { try Self.infer("", format: .csv) } throws: { "\($0)".contains("empty") }
        #expect { try Self.infer("a\n", format: .lines) } throws: { "\($0)".contains("plain lines") }
    }

    @Test("the JSON: fixed key order, two-space indentation, a format only when not ISO")
    func json() throws {
        let schema = try Self.infer("id,d,note\n1,05/01/2024,\n2,06/01/2024,x\n")
        #expect(
            schema.json == """
                {
                  "fields": [
                    {
                      "name": "id",
                      "type": "integer",
                      "constraints": {
                        "required": true
                      }
                    },
                    {
                      "name": "d",
                      "type": "date",
                      "format": "%d/%m/%Y",
                      "constraints": {
                        "required": true
                      }
                    },
                    {
                      "name": "note",
                      "type": "string"
                    }
                  ]
                }

                """)
    }

    @Test(
        "round trip: the inferred schema compiles, and cleaning the sample with it rejects no well-formed row",
        arguments: [InputFormat.csv, .jsonl])
    func roundTrip(format: InputFormat) throws {
        var rows: [String] = []
        for index in 0..<300 {
            let values: [(String, String)] = [
                ("id", "\(index + 1)"),
                ("score", index % 7 == 3 ? "" : "\(Double(index) / 4)"),
                ("flag", ["true", "false", "TRUE"][index % 3]),
                ("day", "\(twoDigits(index % 28 + 1))/\(twoDigits(index % 12 + 1))/20\(index % 90 + 10)"),
                ("at", "2024-03-\(twoDigits(index % 28 + 1))T10:\(twoDigits(index % 60)):00Z"),
                ("kind", ["é", "b", "c"][index % 3]),
                ("name", "n\(index % 250)"),
            ]
            if format == .csv {
                if index == 0 { rows.append(values.map(\.0).joined(separator: ",")) }
                rows.append(values.map(\.1).joined(separator: ","))
            } else {
                rows.append(
                    "{" + values.filter { !$0.1.isEmpty }.map { #""\#($0.0)": "\#($0.1)""# }.joined(separator: ", ")
                        + "}")
            }
        }
        let text = rows.joined(separator: "\n") + "\n"
        let schema = try Self.infer(text, format: format)
        #expect(
            schema.fields.map(\.type.kind) == [.integer, .number, .boolean, .date, .datetime, .string, .string])
        #expect(schema.fields[0].unique && schema.fields[5].enumValues == ["b", "c", "é"])
        #expect(!schema.fields[1].required && schema.fields[0].required)
        let run = try RecordsFixture.run(
            Array(text.utf8), format: format, rules: schema.json, vocabulary: .tableSchema)
        #expect(run.summary.rejected == 0)
        #expect(run.summary.rows == 300)
    }
}

/// `value` in two digits at least ("07").
private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}
