import Testing

@Suite("fastcop: one spelling per idea across commands, older spellings as hidden aliases")
struct OptionNamesTests {
    @Test(
        "help shows the same spelling of the input format and of a pattern in every command that takes it",
        arguments: [
            ("clean", ["-f, --format FORMAT"]),
            ("check", ["-f, --format FORMAT", "-e, --pattern PATTERN"]),
            ("match", ["-e, --pattern PATTERN"]),
            ("bench", ["-e, --pattern PATTERN"]),
        ])
    func helpSpellings(command: String, synopses: [String]) throws {
        try ToolRunner.withRunner { tool in
            let help = try tool.run([command, "--help"]).stdout
            for synopsis in synopses { #expect(help.contains("  \(synopsis) "), "\(help)") }
            #expect(!help.contains("--input-format"))
            #expect(!help.contains("-p, "))
        }
    }

    @Test("check: -f is the input format, -e the pattern; --input-format is still understood")
    func checkSpellings() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.dat", "id,code\n1,ab1\n2,Zoë\n")
            for arguments in [
                ["-f", "csv", "-e", "[a-z]+[0-9]", "-c", "code"],
                ["--format", "csv", "--pattern", "[a-z]+[0-9]", "--column", "code"],
                ["--input-format", "csv", "--pattern", "[a-z]+[0-9]", "--column", "code"],
                ["--format=csv", "-e[a-z]+[0-9]", "-ccode"],
            ] {
                let result = try tool.run(["check", "in.dat"] + arguments + ["--quiet"])
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stdout.contains("Zoë"))
            }
        }
    }

    @Test("check --format with a pattern (its old meaning) is an error that points to --pattern")
    func checkOldFormatMeaning() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", "123\n")
            let result = try tool.run(["check", "in.txt", "--format", "[0-9]{3}"])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "unknown format '[0-9]{3}' (known: lines, csv, tsv, jsonl); a pattern to check against is -e/--pattern PATTERN"
                ))
        }
    }

    @Test("match takes the pattern first, or with -e/--pattern; then every argument is a file")
    func matchPatternOption() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("a.txt", "x1\nÿ\n")
            try tool.write("x", "x2\n")
            var result = try tool.run(["match", "-e", "x", "a.txt", "x"])
            #expect(result.stdout == "a.txt:x1\nx:x2\n")
            result = try tool.run(["match", "--pattern=ÿ", "a.txt"])
            #expect(result.stdout == "ÿ\n")
            result = try tool.run(["match", "x", "a.txt", "missing.txt", "x"])
            #expect(result.status == 2)
            #expect(result.stdout == "a.txt:x1\nx:x2\n")
            #expect(result.stderr.contains("cannot read 'missing.txt'"))
        }
    }

    @Test("bench: -e is the pattern, -p still works")
    func benchPattern() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", "ab1\nzz\n")
            for flag in ["-e", "-p", "--pattern"] {
                let result = try tool.run(["bench", "in.txt", flag, "[a-z]+[0-9]", "--budget", "5"])
                #expect(result.status == 0, "\(flag): \(result.stderr)")
                #expect(result.stdout.contains("pattern [a-z]+[0-9]"))
            }
        }
    }
}
