import Testing

@Suite("fastcop infer")
struct InferTests {
    static let people = """
        id,name,born,score,active
        1,Zoë,05/01/1990,1.5,true
        2,Bob,31/12/1985,,false
        3,Ada,01/06/2001,7,TRUE

        """

    static let peopleSchema = """
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
              "name": "name",
              "type": "string",
              "constraints": {
                "required": true
              }
            },
            {
              "name": "born",
              "type": "date",
              "format": "%d/%m/%Y",
              "constraints": {
                "required": true
              }
            },
            {
              "name": "score",
              "type": "number"
            },
            {
              "name": "active",
              "type": "boolean",
              "constraints": {
                "required": true
              }
            }
          ]
        }

        """

    @Test("prints the schema on stdout and a summary on stderr; -q keeps stderr for notes only")
    func stdout() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("people.csv", Self.people)
            let result = try tool.run(["infer", "people.csv"])
            #expect(result.status == 0)
            #expect(result.stdout == Self.peopleSchema)
            #expect(result.stderr == "5 fields inferred from 3 rows of people.csv (every row)\n")
            #expect(try tool.run(["infer", "people.csv", "-q"]).stderr == "")
        }
    }

    @Test("-o writes the schema, which clean --schema takes and under which every row of the sample is clean")
    func output() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("people.csv", Self.people)
            let result = try tool.run(["infer", "people.csv", "-o", "schema.json"])
            #expect(result.status == 0 && result.stdout.isEmpty)
            #expect(tool.read("schema.json") == Self.peopleSchema)
            let clean = try tool.run(["clean", "people.csv", "--schema", "schema.json", "-o", "clean.csv", "-q"])
            #expect(clean.status == 0)
            #expect(tool.read("clean.csv") == Self.people)
        }
    }

    @Test("JSON Lines from stdin with --format, nested members as dotted paths, an array left out with a note")
    func jsonLines() throws {
        try ToolRunner.withRunner { tool in
            let input =
                #"{"id": 1, "at": {"city": "Köln"}, "tags": []}"# + "\n" + #"{"id": 2, "at": {"city": "Bern"}}"# + "\n"
            let result = try tool.run(["infer", "-", "--format", "jsonl", "-q"], stdin: Array(input.utf8))
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""name": "at.city","#))
            #expect(!result.stdout.contains("tags"))
            #expect(result.stderr == "fastcop: note: 'tags' holds arrays (1 rows): left out, FastCop reads no arrays\n")
        }
    }

    @Test(
        "errors are clear and exit 2: a missing file, a malformed header, plain lines, bad numbers",
        arguments: [
            (["infer", "missing.csv"], "fastcop: error: cannot read 'missing.csv': No such file or directory\n"),
            (
                ["infer", "bad.csv"],
                "fastcop: error: bad.csv: line 1 (the header): malformed CSV: quoted field not closed (record cut at the end of its line)\n"
            ),
            (["infer", "twice.csv"], "column 'a' is named twice"),
            (["infer", "notes.txt"], "infer reads CSV, TSV or JSON Lines"),
            (["infer", "twice.csv", "--confidence", "0.2"], "--confidence takes a share from 0.5 to 1"),
            (["infer", "twice.csv", "--sample-rows", "0"], "--sample-rows takes a number of rows above 0"),
            (["infer", "twice.csv", "--sample-rows", "5", "--all"], "give --sample-rows N or --all, not both"),
        ])
    func errors(arguments: [String], message: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("bad.csv", "\"a,b\n1,2\n")
            try tool.write("twice.csv", "a,b,a\n1,2,3\n")
            try tool.write("notes.txt", "hello\n")
            let result = try tool.run(arguments + ["-o", "schema.json"])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message))
            #expect(!tool.exists("schema.json"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("--sample-rows reads the first rows only; --all reads every row; --confidence keeps the type most values fit")
    func sample() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("n.csv", "n\n" + (1...30).map(String.init).joined(separator: "\n") + "\nx\n")
            let first = try tool.run(["infer", "n.csv", "--sample-rows", "30"])
            #expect(first.stdout.contains(#""type": "integer""#) && first.stdout.contains(#""unique": true"#))
            #expect(first.stderr == "1 field inferred from 30 rows of n.csv (the first rows)\n")
            let all = try tool.run(["infer", "n.csv", "--all", "--no-unique"])
            #expect(all.stdout.contains(#""type": "string""#) && !all.stdout.contains("unique"))
            let loose = try tool.run(["infer", "n.csv", "--confidence", "0.9", "-q"])
            #expect(loose.stdout.contains(#""type": "integer""#))
            #expect(loose.stderr.contains("'n': 1 of 31 values are not integer (confidence 0.9)"))
        }
    }
}
