import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("fastcop: help, usage errors and exit statuses")
struct CommandLineTests {
    @Test("--help for the tool and each command", arguments: ["clean", "check", "match", "bench", "sample"])
    func help(command: String) throws {
        try ToolRunner.withRunner { tool in
            let result = try tool.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("fastcop \(command) - "))
            #expect(result.stdout.contains("Usage:"))
            // `match -h` is grep's --no-filename; help is --help there.
            #expect(result.stdout.contains(command == "match" ? "    --help" : "-h, --help"))
            let top = try tool.run(["--help"])
            #expect(top.status == 0)
            #expect(top.stdout.contains("  \(command) "))
        }
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["clean"], "missing argument"),
        (["clean", "in.csv"], "clean needs a rules file or a schema: --rules RULES or --schema SCHEMA"),
        (["clean", "in.csv", "--rules"], "option --rules needs a value (RULES)"),
        (["clean", "in.csv", "--rule", "r.json"], "unknown option --rule (did you mean --rules?)"),
        (
            ["clean", "in.csv", "-r", "r.json", "--format", "xml"],
            "unknown format 'xml' (known: lines, csv, tsv, jsonl)"
        ),
        (["clean", "a.csv", "b.csv", "-r", "r.json"], "unexpected argument 'b.csv'"),
        (
            ["clean", "in.csv", "-r", "r.json", "-o", "x", "--rejects", "x"],
            "CLEAN and REJECTS must be different outputs"
        ),
        (["clean", "in.csv", "-r", "r.json", "--summary", "yaml"], "--summary takes text, json or none"),
        (["check", "in.csv"], "give exactly one of --email, --pattern PATTERN, --rules RULES"),
        (["check", "in.csv", "--email"], "csv input: say which column to check with --column NAME"),
        (["match"], "missing argument"),
        (["bench", "--lines", "zero"], "--lines takes a positive number"),
    ]

    @Test("usage errors exit 2 with a message and a pointer to --help", arguments: usageErrors)
    func usageError(arguments: [String], message: String) throws {
        try ToolRunner.withRunner { tool in
            let result = try tool.run(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains("fastcop: error: \(message)"), "\(result.stderr)")
            #expect(result.stderr.contains("--help"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a missing input, a directory, and an unwritable output are clear errors (status 2)")
    func inputAndOutputErrors() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {}}}"#)
            try tool.write("in.txt", "x\n")
            var result = try tool.run(["clean", "nope.txt", "--rules", "rules.json", "--discard-rejects"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read 'nope.txt': No such file or directory"))

            result = try tool.run(["clean", ".", "--rules", "rules.json", "--discard-rejects"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read '.': it is a directory"))

            result = try tool.run(["clean", "in.txt", "--rules", "missing.json", "--discard-rejects"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read 'missing.json'"))

            result = try tool.run(["clean", "in.txt", "--rules", "rules.json", "-o", "no/such/dir/clean.txt"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot write 'no/such/dir/clean.txt': No such file or directory"))

            result = try tool.run(["clean", "in.txt", "--rules", "rules.json", "-o", "clean.txt", "--rejects", "."])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot write '.': it is a directory"))
            #expect(tool.listing() == ["in.txt", "rules.json"])
        }
    }

    @Test("a failed run leaves an existing CLEAN untouched (outputs are renamed at the end)")
    func atomicOutput() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {}}}"#)
            try tool.write("clean.csv", "previous contents\n")
            try tool.write("in.csv", "a,b\n1,x\n2\n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--strict"])
            #expect(result.status == 2)
            #expect(tool.read("clean.csv") == "previous contents\n")
            #expect(tool.listing() == ["clean.csv", "in.csv", "rules.json"])
        }
    }

    @Test(
        "a finished run replaces existing outputs whole, keeping their permissions, and leaves no temporary file; a hard link keeps the old file"
    )
    func replacesExistingOutputs() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {"filters": ["uppercase"]}}}"#)
            try tool.write("clean.csv", "previous clean, ß\n")
            try tool.write("rejects.csv", "previous rejects\n")
            #expect(link(tool.path("clean.csv"), tool.path("kept.csv")) == 0)
            // A private output stays private (as a shell's `>` into it would keep it).
            #expect(chmod(tool.path("clean.csv"), 0o600) == 0)
            #expect(chmod(tool.path("rejects.csv"), 0o640) == 0)
            try tool.write("in.csv", "a,b\n1,straße\n2,é\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "a,b\n1,STRASSE\n2,É\n")
            #expect(tool.read("rejects.csv") == "a,b,_row,_line,_field,_message\n")
            #expect(tool.read("kept.csv") == "previous clean, ß\n")
            #expect(tool.listing() == ["clean.csv", "in.csv", "kept.csv", "rejects.csv", "rules.json"])
            for (name, mode) in [("clean.csv", 0o600), ("rejects.csv", 0o640)] {
                var status = stat()
                #expect(stat(tool.path(name), &status) == 0)
                #expect(Int(status.st_mode) & 0o777 == mode, "\(name)")
            }
        }
    }

    @Test("status 0 when every row is clean, 1 when some are rejected")
    func statuses() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": ["email"]}}}"#)
            try tool.write("good.txt", "a@b.co\n")
            try tool.write("mixed.txt", "a@b.co\nnope\n")
            #expect(try tool.run(["clean", "good.txt", "-r", "rules.json", "-o", "out.txt"]).status == 0)
            #expect(try tool.run(["clean", "mixed.txt", "-r", "rules.json", "-o", "out.txt"]).status == 1)
        }
    }
}
