import Testing

@Suite("fastcop with no arguments: the embedded sample")
struct SampleTests {
    @Test("no arguments cleans the embedded contacts and shows the summary and rejected rows")
    func noArguments() throws {
        try ToolRunner.withRunner { tool in
            let result = try tool.run([])
            #expect(result.status == 0)
            #expect(result.stdout.contains("fastcop: embedded sample contacts.csv (csv)"))
            #expect(result.stdout.contains("rows in   20"))
            #expect(result.stdout.contains("clean     14"))
            #expect(result.stdout.contains("rejected   6"))
            #expect(result.stdout.contains("row 9 (line 10): name: Name too short; email: Invalid email"))
            #expect(result.stdout.contains("1,Ada Lovelace,ada@example.com,+442079460958,GB"))
            #expect(result.stdout.contains("id,name,email,phone,country,_row,_line,_field,_message"))
        }
    }

    @Test("sample --write saves the files, and clean on them gives the same counts")
    func writeAndClean() throws {
        try ToolRunner.withRunner { tool in
            let written = try tool.run(["sample", "--write", "."])
            #expect(written.status == 0)
            #expect(tool.exists("contacts.csv") && tool.exists("rules.json"))
            let result = try tool.run([
                "clean", "contacts.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
                "--summary", "json",
            ])
            #expect(result.status == 1)
            #expect(result.stdout.contains(#""rowsIn":20,"clean":14,"rejected":6,"malformed":1"#))
            let clean = try #require(tool.read("clean.csv")).lines.count - 1
            let rejected = try #require(tool.read("rejects.csv")).lines.count - 1
            #expect(clean + rejected == 20)
        }
    }

    @Test("sample --write creates DIR and the folders above it; a file in the way is a clear error")
    func writeCreatesFolders() throws {
        try ToolRunner.withRunner { tool in
            let written = try tool.run(["sample", "--write", "démo/a/b"])
            #expect(written.status == 0, "\(written.stderr)")
            #expect(tool.exists("démo/a/b/contacts.csv") && tool.exists("démo/a/b/rules.json"))
            try tool.write("file", "x")
            let blocked = try tool.run(["sample", "--write", "file/sub"])
            #expect(blocked.status == 2)
            #expect(blocked.stderr.contains("cannot create the folder 'file/sub'"), "\(blocked.stderr)")
        }
    }
}
