import Testing

@Suite("fastcop clean: plain lines and pipes")
struct CleanLinesTests {
    @Test("plain lines: one field called line; rejects are ROW, FIELD, MESSAGE, then the line")
    func plainLines() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "rules.json",
                #"{"fields": {"line": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"}}}"#
            )
            try tool.write("in.txt", " ADA@X.COM\nnot\tan email\n\nÉmile@x.fr\n")
            let result = try tool.run([
                "clean", "in.txt", "--rules", "rules.json", "-o", "clean.txt", "--rejects", "rejects.txt",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.txt") == "ada@x.com\n")
            #expect(
                tool.read("rejects.txt")
                    == "2\tline\tInvalid email\tnot\tan email\n3\tline\tInvalid email\t\n4\tline\tInvalid email\tÉmile@x.fr\n"
            )
        }
    }

    /// Plain lines end at LF only, as `fastcop match` and grep read them: VT, FF, CR, NEL, LS
    /// and PS inside a line are characters that `.` matches and `$` does not stop before.
    @Test(
        "plain lines: format trials follow grep's line semantics",
        arguments: ["\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func lineSemantics(terminator: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [{"format": "é.b$"}]}}}"#)
            try tool.write("in.txt", "é\(terminator)b\né\(terminator)\n")
            let result = try tool.run([
                "clean", "in.txt", "--rules", "rules.json", "-o", "clean.txt", "--rejects", "rejects.txt", "--quiet",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.txt") == "é\(terminator)b\n")
            #expect(tool.read("rejects.txt")?.hasPrefix("2\tline\t") == true)
        }
    }

    @Test("- reads stdin and writes stdout; the summary then goes to stderr")
    func pipes() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"email": {"filters": ["trim"], "trials": ["email"]}}}"#)
            let input = Array("email\n a@b.co \nnope\n".utf8)
            let result = try tool.run(
                ["clean", "-", "--format", "csv", "--rules", "rules.json", "-o", "-", "--discard-rejects"], stdin: input
            )
            #expect(result.status == 1)
            #expect(result.stdout == "email\na@b.co\n")
            #expect(result.stderr.contains("rows in   2"))

            let rejects = try tool.run(
                [
                    "clean", "-", "--format", "csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "-",
                    "--quiet",
                ],
                stdin: input)
            #expect(rejects.stdout == "email,_row,_line,_field,_message\nnope,2,3,email,invalid email\n")
            #expect(rejects.stderr == "")
        }
    }

    @Test("no progress bar when stderr is not a terminal, and none with --quiet")
    func noProgressInPipe() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [{"length": {"minimum": 1}}]}}}"#)
            try tool.write("in.txt", String(repeating: "x\n", count: 300_000))
            let result = try tool.run(["clean", "in.txt", "--rules", "rules.json", "-o", "out.txt"])
            #expect(result.status == 0)
            #expect(!result.stderr.contains("\r"))
            #expect(!result.stderr.contains("\u{1B}"))
            #expect(!result.stdout.contains("rows/s  "))
            let quiet = try tool.run(["clean", "in.txt", "--rules", "rules.json", "-o", "out.txt", "--quiet"])
            #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        }
    }

    @Test("--summary json is one JSON object with the counts per field and per rule")
    func summaryJSON() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("in.csv", "email,phone\na@b.co,5550101234\nbad,1\nc@d.co,x\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(result.status == 1)
            #expect(
                result.stdout.hasPrefix(
                    #"{"input":"in.csv","format":"csv","rowsIn":3,"clean":1,"rejected":2,"malformed":0,"failuresByField":{"email":1,"phone":2},"failuresByRule":[{"rule":"email: required","field":"email","kind":"required","count":0},{"rule":"email: email","field":"email","kind":"email","count":1},{"rule":"phone: required","field":"phone","kind":"required","count":1},{"rule":"phone: format \\+?[0-9]{7,15}","field":"phone","kind":"format","count":1}],"cleanOutput":"clean.csv","rejectsOutput":"clean.rejects.csv","rejectsDiscarded":false,"#
                ))
        }
    }
}
