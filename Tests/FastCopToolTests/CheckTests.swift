import Testing

@Suite("fastcop check")
struct CheckTests {
    @Test("--email on a column lists invalid rows with their values, then the count")
    func email() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "name,email\nAda,ada@example.com\nBob,bob@\nZoë,zoë@example.com\n")
            let result = try tool.run(["check", "in.csv", "--email", "--column", "email"])
            #expect(result.status == 1)
            #expect(
                result.stdout == """
                    row 2, line 3: email: invalid email ("bob@")
                    row 3, line 4: email: invalid email ("zoë@example.com")
                    2 of 3 rows invalid

                    """)
        }
    }

    @Test("a value's control characters are shown escaped in the report, never raw")
    func controlCharacters() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", bytes: Array("email\n\"zoë\u{0}@x\r\t\u{1B}\"\n".utf8))
            let result = try tool.run(["check", "in.csv", "--email", "--column", "email"])
            #expect(result.status == 1)
            #expect(result.stdout.hasPrefix(#"row 1, line 2: email: invalid email ("zoë\u0000@x\r\t\u001b")"# + "\n"))
        }
    }

    @Test("--email is the modern rule: long TLDs and Unicode domains pass, doubled dots and bad punycode fail")
    func modernEmail() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "in.txt",
                "curator@louvre.museum\nana@acme.company\ninfo@bücher.de\na..b@example..com\nx@y.c\nme@xn--0.tld\n")
            let result = try tool.run(["check", "in.txt", "--email"])
            #expect(result.status == 1)
            #expect(
                result.stdout == """
                    row 4, line 4: line: invalid email ("a..b@example..com")
                    row 5, line 5: line: invalid email ("x@y.c")
                    row 6, line 6: line: invalid email ("me@xn--0.tld")
                    3 of 6 rows invalid

                    """)
        }
    }

    @Test("a JSON Lines key that no row has is an error up front, unless --allow-missing-fields")
    func missingKey() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.jsonl", #"{"email":"zoë@example.com"}"# + "\n")
            var result = try tool.run(["check", "in.jsonl", "--email", "--column", "e_mail"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("has the rules field 'e_mail'"), "\(result.stderr)")
            result = try tool.run(["check", "in.jsonl", "--email", "--column", "e_mail", "--allow-missing-fields"])
            #expect(result.status == 1)
            #expect(result.stdout.contains("1 of 1 rows invalid"), "\(result.stdout)")
        }
    }

    @Test("--pattern on plain lines is a whole-line match; all valid gives status 0")
    func format() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", "123\n456\n")
            var result = try tool.run(["check", "in.txt", "--pattern", "[0-9]{3}"])
            #expect(result.status == 0)
            #expect(result.stdout == "0 of 2 rows invalid\n")
            result = try tool.run(["check", "in.txt", "--pattern", "[0-9]{2}"])
            #expect(result.status == 1)
            result = try tool.run(["check", "in.txt", "--pattern", "[0-9"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("[0-9\n    ^"))
        }
    }

    @Test("--rules applies filters then trials; --column limits it to one field; JSON Lines keys")
    func rules() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write(
                "in.jsonl",
                #"{"email": " A@B.CO ", "phone": "1"}"# + "\n" + #"{"email": "x", "phone": "5550101234"}"# + "\n")
            var result = try tool.run(["check", "in.jsonl", "--rules", "rules.json"])
            #expect(result.status == 1)
            #expect(result.stdout.contains(#"row 1, line 1: phone: Invalid phone ("1")"#))
            #expect(result.stdout.contains(#"row 2, line 2: email: Invalid email ("x")"#))
            #expect(result.stdout.hasSuffix("2 of 2 rows invalid\n"))
            result = try tool.run(["check", "in.jsonl", "--rules", "rules.json", "--column", "email"])
            #expect(result.stdout.hasSuffix("1 of 2 rows invalid\n"))
            result = try tool.run(["check", "in.jsonl", "--rules", "rules.json", "--column", "nope"])
            #expect(result.status == 2)
        }
    }

    @Test("--pattern on plain lines: a line ends at LF only, as in fastcop match")
    func lineSemantics() throws {
        try ToolRunner.withRunner { tool in
            // VT, NEL and LS are characters of the line: `.` matches them, `$` is not before them.
            try tool.write("in.txt", "a\u{0B}b\na\u{85}b\na\u{2028}b\nab\u{2028}\n")
            var result = try tool.run(["check", "in.txt", "--pattern", "a.b", "--summary", "none"])
            #expect(result.stdout.hasPrefix("row 4, line 4:"))
            #expect(result.stdout.split(separator: "\n").count == 1)
            result = try tool.run(["check", "in.txt", "--pattern", "^ab$", "--summary", "none"])
            #expect(result.stdout.split(separator: "\n").count == 4)
        }
    }
}
