import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: Frictionless Table Schema (types, constraints, missing values, unique, primary key)")
struct TableSchemaTests {
    static let people = #"""
        {"fields": [
          {"name": "id", "type": "integer", "constraints": {"required": true, "unique": true}},
          {"name": "age", "type": "integer", "constraints": {"minimum": 0, "maximum": 130}},
          {"name": "born", "type": "date", "format": "%d/%m/%Y", "constraints": {"minimum": "01/01/1900"}},
          {"name": "country", "type": "string", "constraints": {"enum": ["FR", "DE"]}},
          {"name": "active", "type": "boolean"}
        ], "missingValues": ["", "NA"]}
        """#

    @Test("each failing field is named with its constraint, in Frictionless' terms; clean rows are written as read")
    func typesAndConstraints() throws {
        let input = """
            id,age,born,country,active
            1,30,29/02/2024,FR,true
            2,abc,01/01/2000,DE,1
            3,131,30/02/2026,FR,yes
            4,NA,NA,IT,
            ,5,01/01/1899,DE,false
            """
        let run = try RecordsFixture.run(input + "\n", schema: Self.people)
        let rejects = run.rejectsText.split(separator: "\n").map(String.init)
        #expect(rejects[0] == "id,age,born,country,active,_row,_line,_field,_message")
        #expect(rejects[1] == #"2,abc,01/01/2000,DE,1,2,3,age,"type error: type is ""integer/default""""#)
        #expect(
            rejects[2]
                == #"3,131,30/02/2026,FR,yes,3,4,age; born; active,"constraint error: constraint ""maximum"" is ""130""; type error: type is ""date/%d/%m/%Y""; type error: type is ""boolean/default""""#
        )
        #expect(rejects[3] == #"4,NA,NA,IT,,4,5,country,"constraint error: constraint ""enum"" is ""[FR, DE]""""#)
        #expect(
            rejects[4]
                == #",5,01/01/1899,DE,false,5,6,id; born,"constraint error: constraint ""required"" is ""true""; constraint error: constraint ""minimum"" is ""01/01/1900""""#
        )
        #expect(run.cleanText == "id,age,born,country,active\n1,30,29/02/2024,FR,true\n")
        #expect(run.summary.rejected == 4)
    }

    @Test("unique: the first row with a value is clean, each later one names the row that had it last (typed: 01 is 1)")
    func unique() throws {
        let schema = #"{"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}}, {"name": "n"}]}"#
        let input = "id,n\n1,a\n2,b\n01,c\n,d\n,e\nx,f\n1,g\n2,h\n"
        let run = try RecordsFixture.run(input, schema: schema)
        #expect(run.cleanText == "id,n\n1,a\n2,b\n,d\n,e\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rejects == [
                "01,c,3,4,id,unique error: duplicate of row 1",
                #"x,f,6,7,id,"type error: type is ""integer/default""""#,
                "1,g,7,8,id,unique error: duplicate of row 3",
                "2,h,8,9,id,unique error: duplicate of row 2",
            ])
    }

    @Test("a primary key of one unique field: both errors; a blank row; each failing field counted once a row")
    func keyAndBlankRow() throws {
        let schema = #"""
            {"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}},
                        {"name": "age", "type": "integer", "constraints": {"minimum": 0, "maximum": 10}}],
             "primaryKey": "id"}
            """#
        let run = try RecordsFixture.run("id,age\n1,5\n01,11\n,\n", schema: schema)
        #expect(run.cleanText == "id,age\n1,5\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rejects == [
                #"01,11,2,3,age; id; id,"constraint error: constraint ""maximum"" is ""10""; unique error: duplicate of row 1; primary key error: duplicate of row 1""#,
                ",,3,4,id; id,blank row: every value is missing; primary key error: every field of the primary key is missing",
            ])
        #expect(run.summary.failuresByField == [2, 1])
    }

    @Test("keys past their memory limit stop the run with an error that says so, before memory runs out")
    func keysMemoryLimit() throws {
        let schema = #"{"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}}]}"#
        let input = "id\n" + (1...50_000).map { "\($0)\n" }.joined()
        do {
            _ = try RecordsFixture.run(
                Array(input.utf8), format: .csv, rules: schema, vocabulary: .tableSchema, uniqueKeysMemory: 256 << 10)
            Issue.record("the run went on past the keys' memory limit")
        } catch {
            #expect("\(error)".contains("the keys kept to find duplicates ('id': "), "\(error)")
            #expect("\(error)".contains("the run stops before memory runs out"))
        }
    }

    @Test("a row of the wrong width is rejected, and its values still take part in uniqueness (frictionless-py)")
    func wrongWidthRowsHaveKeys() throws {
        let schema = #"{"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}}, {"name": "n"}]}"#
        let run = try RecordsFixture.run("id,n\n7,a,extra\n7,b\n", schema: schema)
        #expect(run.cleanText == "id,n\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(rejects.count == 2)
        #expect(rejects[0] == #""7,a,extra",,1,2,,"malformed CSV: 3 fields, the header has 2""#)
        #expect(rejects[1] == "7,b,2,3,id,unique error: duplicate of row 1")
    }

    @Test(
        "unique on all cores gives the answer of one core, duplicates spread over many tasks and blocks",
        arguments: [1, 2, 4])
    func uniqueInParallel(workers: Int) throws {
        let schema = #"{"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}}, {"name": "n"}]}"#
        var input = "id,n\n"
        var expectedClean = "id,n\n"
        var seen: [Int: Int] = [:]
        var expectedRejects: [String] = []
        for row in 1...60_000 {
            let id = (row &* 7919) % 45_000
            input += "\(id),\(row)\n"
            if let previous = seen[id] {
                expectedRejects.append("\(id),\(row),\(row),\(row + 1),id,unique error: duplicate of row \(previous)")
            } else {
                expectedClean += "\(id),\(row)\n"
            }
            seen[id] = row
        }
        let run = try RecordsFixture.run(input, schema: schema, workers: workers)
        #expect(run.cleanText == expectedClean)
        #expect(Array(run.rejectsText.split(separator: "\n").dropFirst().map(String.init)) == expectedRejects)
        #expect(run.summary.rejected == expectedRejects.count)
    }

    @Test("a primary key of two fields: present and unique together; all parts missing is its own error")
    func primaryKey() throws {
        let schema = #"""
            {"fields": [{"name": "a", "type": "integer"}, {"name": "b"}, {"name": "v"}], "primaryKey": ["a", "b"]}
            """#
        let input = "a,b,v\n1,x,1\n1,y,2\n1,x,3\n,,4\n,y,5\n,y,6\n"
        let run = try RecordsFixture.run(input, schema: schema)
        #expect(run.cleanText == "a,b,v\n1,x,1\n1,y,2\n,y,5\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rejects == [
                "1,x,3,3,4,a,primary key error: duplicate of row 1",
                ",,4,4,5,a,primary key error: every field of the primary key is missing",
                ",y,6,6,7,a,primary key error: duplicate of row 5",
            ])
    }

    @Test("JSON Lines: a number is a number as it stands, true a boolean, null missing, a number no string")
    func jsonLines() throws {
        let schema = #"""
            {"fields": [{"name": "n", "type": "integer", "constraints": {"required": true, "maximum": 10}},
                        {"name": "ok", "type": "boolean"}, {"name": "s", "type": "string"}]}
            """#
        let input = """
            {"n": 1, "ok": true, "s": "a"}
            {"n": 2.0, "ok": false, "s": "b"}
            {"n": "3", "ok": "true", "s": "c"}
            {"n": 2.5, "ok": 1, "s": 4}
            {"n": null, "ok": null, "s": null}
            {"n": 11}

            """
        let run = try RecordsFixture.run(input, format: .jsonl, schema: schema)
        #expect(run.summary.clean == 3)
        let rejects = run.rejectsText.split(separator: "\n").map(String.init)
        #expect(rejects.count == 3)
        #expect(rejects[0].contains(#""_errors":[{"field":"n","message":"type error: type is \"integer/default\""}"#))
        #expect(rejects[0].contains(#"{"field":"s","message":"type error: type is \"string/default\""}"#))
        // Every value missing: frictionless-py's blank row, one error in place of the fields' own.
        #expect(rejects[1].contains(#""_errors":[{"field":"n","message":"blank row: every value is missing"}]"#))
        #expect(rejects[2].contains(#"constraint \"maximum\" is \"10\""#))
    }

    @Test(
        "what a schema says and FastCop cannot check is refused with its place, never ignored",
        arguments: [
            (#"{"fields": [{"name": "p", "type": "geopoint"}]}"#, #"fields[0].type: type "geopoint" is not supported"#),
            (#"{"fields": [{"name": "p", "type": "numbr"}]}"#, #"fields[0].type: unknown type "numbr""#),
            (
                #"{"fields": [{"name": "p"}], "foreignKeys": []}"#,
                "foreignKeys: foreign keys name another table"
            ),
            (
                #"{"fields": [{"name": "p", "type": "integer", "constraints": {"pattern": "[0-9]+"}}]}"#,
                #"constraint "pattern" does not apply to type "integer""#
            ),
            (
                #"{"fields": [{"name": "p", "type": "integer", "constraints": {"minimum": "abc"}}]}"#,
                #"fields[0].constraints.minimum: abc is not a value of type "integer/default""#
            ),
            (
                #"{"fields": [{"name": "p", "type": "date", "format": "%d/%Q"}]}"#,
                "fields[0].format:"
            ),
            (#"{"fields": [{"name": "p", "typo": 1}]}"#, #"unknown key "typo""#),
            (#"{"fields": [{"name": "p"}], "primaryKey": "q"}"#, #"the primary key names "q", which is no field"#),
            (#"{"fields": {"p": {}}}"#, "fields: expected an array, found an object"),
        ])
    func refused(schema: String, message: String) throws {
        do {
            _ = try RulesLoader.compile(Array(schema.utf8), name: "schema.json", vocabulary: .tableSchema)
            Issue.record("accepted \(schema)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test("a column the schema does not describe, or a schema field the data lacks, stops the run before any row")
    func columns() throws {
        let schema = #"{"fields": [{"name": "a"}, {"name": "b"}]}"#
        #expect(throws: RecordsError.self) { try RecordsFixture.run("a,b,c\n1,2,3\n", schema: schema) }
        do {
            _ = try RecordsFixture.run("a,b,c\n1,2,3\n", schema: schema)
        } catch {
            #expect("\(error)".contains("the data has a column 'c' that the schema does not describe"))
        }
        do {
            _ = try RecordsFixture.run("a\n1\n", schema: schema)
        } catch {
            #expect("\(error)".contains("the schema's field 'b' is not a column (frictionless-py: missing-label)"))
        }
    }
}

@Suite("FastCopRecords: typed rules in a rules file (type trials, ranges, typed filters, unique, primary key)")
struct TypedRulesTests {
    @Test("typed filters write the canonical form; a value that does not read is rejected, never half-changed")
    func typedFilters() throws {
        let rules = #"""
            {"fields": {
              "born": {"filters": ["trim", {"date": "%d/%m/%Y"}], "trials": [{"range": {"minimum": "1900-01-01"}}]},
              "price": {"filters": [{"number": {"decimalChar": ",", "groupChar": "."}}]},
              "ok": {"filters": ["boolean"], "optional": true}
            }}
            """#
        let input = "born,price,ok\n 04/03/2026 ,\"1.234,56\",TRUE\n31/04/2020,\"1,5\",0\n01/01/1800,2,\n"
        let run = try RecordsFixture.run(input, format: .csv, rules: rules)
        #expect(run.cleanText == "born,price,ok\n2026-03-04,1234.56,true\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rejects == [
                #"31/04/2020,"1,5",0,2,3,born,not a date in the format %d/%m/%Y"#,
                "01/01/1800,2,,3,4,born,must be at least 1900-01-01",
            ])
    }

    @Test("type trials with ranges, a unique field and the rules' primary key and missing values")
    func typedTrials() throws {
        let rules = #"""
            {"fields": {
              "id": {"trials": ["integer"], "unique": true},
              "age": {"trials": [{"integer": {}, "message": "age is a whole number"}, {"range": {"minimum": 0, "maximum": 130}}], "optional": true}
            }, "missingValues": ["", "-"]}
            """#
        let input = "id,age\n1,30\n2,-\n1,5\n3,x\n4,200\n"
        let run = try RecordsFixture.run(input, format: .csv, rules: rules)
        #expect(run.cleanText == "id,age\n1,30\n2,-\n")
        let rejects = run.rejectsText.split(separator: "\n").dropFirst().map(String.init)
        #expect(
            rejects == [
                "1,5,3,4,id,unique error: duplicate of row 1",
                "3,x,4,5,age,age is a whole number",
                "4,200,5,6,age,must be at most 130",
            ])
    }

    @Test(
        "mistakes in typed rules are reported with their place",
        arguments: [
            (
                #"{"fields": {"d": {"filters": [{"date": "%d/%m/%Y"}, "trim"]}}}"#,
                "fields.d.filters[0]: a typed filter (\"date\") writes the value in its canonical form: put it last"
            ),
            (
                #"{"fields": {"d": {"trials": [{"range": {"minimum": 1}}]}}}"#,
                "fields.d.trials[0]: \"range\" and \"enum\" compare typed values: give the field a type first"
            ),
            (
                #"{"fields": {"d": {"trials": ["integer", "number"]}}}"#,
                "fields.d.trials[1]: the field's type is given twice (also at fields.d.trials[0])"
            ),
            (
                #"{"fields": {"d": {"trials": ["integer"]}}, "primaryKey": "e"}"#,
                "primaryKey: the primary key names \"e\", which is not in \"fields\""
            ),
            (
                #"{"fields": [{"name": "d"}]}"#,
                "a Frictionless Table Schema? pass it with --schema"
            ),
        ])
    func mistakes(rules: String, message: String) throws {
        do {
            _ = try RulesLoader.compile(Array(rules.utf8), name: "rules.json")
            Issue.record("accepted \(rules)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
