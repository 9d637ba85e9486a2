import Foundation
import Testing

/// What real exports hold that RFC 4180 does not: a quote inside an unquoted field (inches,
/// seconds of arc, nicknames), lines ended by CR alone (classic Mac OS), an input that is only
/// a header. Every row is read as the usual readers read it, and the summary says so.
@Suite("fastcop clean: stray quotes, CR line ends and header-only input")
struct RealExportsTests {
    static let rules = #"{"fields": {"note": {"filters": ["trim"], "trials": [{"length": {"minimum": 1}}]}}}"#

    @Test("a quote inside an unquoted field is data, counted in the summary")
    func strayQuoteIsData() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write(
                "in.csv",
                "id,note\n1,12\" pipe\n2,37°36'37.8\"N 121°2'17.9\"W\n3,\"quoted \"\"ok\"\"\"\n4,Jo \"Zoë\" Smith\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            // Untouched rows keep their bytes: the stray quotes are written as they came.
            #expect(
                tool.read("clean.csv")
                    == "id,note\n1,12\" pipe\n2,37°36'37.8\"N 121°2'17.9\"W\n3,\"quoted \"\"ok\"\"\"\n4,Jo \"Zoë\" Smith\n"
            )
            #expect(result.stdout.contains(#""strayQuoteRows":3"#), "\(result.stderr)")
            #expect(result.stdout.contains(#""rowsIn":4,"clean":4,"rejected":0"#))
        }
    }

    @Test("a cleaned value with a stray quote is written quoted, and reads back the same")
    func cleanedStrayQuoteIsQuoted() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write("in.csv", "id,note\n1,  12\" pipe  \n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "id,note\n1,\"12\"\" pipe\"\n")
            #expect(CSVTestParser.records(try #require(tool.read("clean.csv")))[1] == ["1", "12\" pipe"])
        }
    }

    @Test("a stray quote in the header is data too")
    func strayQuoteInHeader() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"size\"": {"trials": [{"length": {"minimum": 1}}]}}}"#)
            try tool.write("in.csv", "id,size\"\n1,12\n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "-q"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "id,size\"\n1,12\n")
        }
    }

    @Test("--strict-quotes rejects such rows as malformed; with --strict the first stops the run")
    func strictQuotes() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write("in.csv", "id,note\n1,fine\n2,12\" pipe\n3,\"ok\"\n")
            var result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
                "--strict-quotes",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.csv") == "id,note\n1,fine\n3,\"ok\"\n")
            let rejects = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            #expect(rejects.count == 2)
            #expect(rejects[1][0] == "2,12\" pipe")
            #expect(rejects[1][5] == "malformed CSV: quote inside unquoted field 2 (--strict-quotes)")
            result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--strict-quotes", "--strict",
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("line 3: malformed CSV: quote inside unquoted field 2"), "\(result.stderr)")
        }
    }

    @Test("spaces after a closing quote are padding: dropped from the value and from CLEAN's row")
    func spacesAfterClosingQuote() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            // Untouched (id) and cleaned (note) fields alike; a tab counts; text after the
            // padding is still malformed.
            try tool.write("in.csv", "id,note\n\"1\" ,\" a \"  \n\"2\"\t,b\n\"3\" x,c\n")
            var result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "id,note\n\"1\",a\n\"2\",b\n")
            let rejects = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            #expect(rejects.count == 2)
            #expect(rejects[1][5] == "malformed CSV: text after the closing quote of field 1")
            // --strict-quotes: RFC 4180 to the letter, the padding makes the row malformed.
            result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
                "--strict-quotes",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.csv") == "id,note\n")
            let strict = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            #expect(strict[1][5] == "malformed CSV: spaces after the closing quote of field 1 (--strict-quotes)")
        }
    }

    @Test("a row that starts with U+FEFF and comes first in CLEAN gets a byte order mark before it")
    func byteOrderMarkFirstInOutput() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [{"length": {"minimum": 2}}]}}}"#)
            // Line 1 is rejected; line 2's U+FEFF is data (only a mark at the input's start is
            // one), and as CLEAN's first bytes it would be read as a mark and dropped.
            try tool.write("in.txt", "a\n\u{FEFF}xy\n")
            let result = try tool.run([
                "clean", "in.txt", "-f", "lines", "--rules", "rules.json", "-o", "clean.txt", "--rejects",
                "rejects.txt", "-q",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.txt") == "\u{FEFF}\u{FEFF}xy\n")
            #expect(tool.read("rejects.txt")?.hasPrefix("1\t") == true)
        }
    }

    @Test("--no-header: the first well-formed row sets the columns, a malformed one before it is rejected")
    func noHeaderMalformedFirstRow() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"2": {"filters": ["uppercase"]}}}"#)
            try tool.write("in.csv", "\"a\"b,c,d\nx,y,z\n1,2\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "--no-header", "-o", "clean.csv", "--rejects",
                "rejects.csv",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "x,Y,z\n")
            let rejects = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            #expect(rejects.map { $0[0] } == ["\"a\"b,c,d", "1,2"])
            #expect(rejects[0].last == "malformed CSV: text after the closing quote of field 1")
            #expect(rejects[1].last == "malformed CSV: 2 fields, row 2, the first well-formed one, has 3")
            // No well-formed row at all: every row is rejected as malformed, none is lost.
            try tool.write("in.csv", "a,\"b,c\nd\"e,f\n\"x\"y\n")
            let broken = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "--no-header", "-o", "clean.csv", "--rejects",
                "rejects.csv", "--summary", "json",
            ])
            #expect(broken.status == 1, "\(broken.stderr)")
            #expect(tool.read("clean.csv") == "")
            #expect(broken.stdout.contains(#""rowsIn":2,"clean":0,"rejected":2"#), "\(broken.stdout)")
            #expect(broken.stdout.contains(#""malformed":2"#), "\(broken.stdout)")
        }
    }

    @Test(
        "lines ended by CR alone are read as line ends and written so, in every format",
        arguments: [
            ("in.csv", "id,note\r1,a\r2,\"two\rlines\"\r3,\r", "id,note\r1,a\r2,\"two\rlines\"\r", "note"),
            (
                "in.jsonl", "{\"note\":\"a\"}\r{\"note\":\"\"}\r{\"note\":\"é\"}",
                "{\"note\":\"a\"}\r{\"note\":\"é\"}\r", "note"
            ),
            ("in.txt", "a\r\rß\r", "a\rß\r", "line"),
        ])
    func carriageReturnLines(name: String, input: String, clean: String, field: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"\#(field)": {"trials": [{"length": {"minimum": 1}}]}}}"#)
            try tool.write(name, input)
            let format = name.hasSuffix(".txt") ? ["--format", "lines"] : []
            let result = try tool.run(
                ["clean", name, "--rules", "rules.json", "-o", "clean.out", "--rejects", "rejects.out"] + format)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.out") == clean)
            #expect(result.stdout.contains("rows in   3"), "\(result.stdout)")
            #expect(result.stdout.contains("lines end with CR alone (classic Mac): read as line ends, and written so"))
            // The rejected row keeps its CR ending too.
            #expect(try #require(tool.read("rejects.out")).hasSuffix("\r"))
        }
    }

    @Test("the issue's file: CR line ends with rules on the first column judge every row")
    func classicMacFile() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"id": {"trials": [{"format": "[0-9]+"}]}}}"#)
            try tool.write("in.csv", "id,email\r1,a@example.com\r2,bad\r")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""rowsIn":2,"clean":2"#), "\(result.stderr)")
            #expect(result.stdout.contains(#""crLineEnds":true"#))
            #expect(tool.read("clean.csv") == "id,email\r1,a@example.com\r2,bad\r")
        }
    }

    @Test("CRLF and LF files are not taken for CR-only ones, a CR inside a field stays data")
    func notCarriageReturnLines() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write("in.csv", "id,note\r\n1,a\rb\r\n")
            var result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "-q"])
            #expect(result.status == 0)
            #expect(tool.read("clean.csv") == "id,note\r\n1,a\rb\r\n")
            try tool.write("in.csv", "id,note\n1,a\rb\n")
            result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(tool.read("clean.csv") == "id,note\n1,a\rb\n")
            #expect(result.stdout.contains(#""crLineEnds":false"#))
        }
    }

    @Test("an input with only its header says so; one whose header holds every row is an error")
    func headerOnly() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write("in.csv", "id,note\n")
            var result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("no rows: the input holds its header and nothing else"), "\(result.stdout)")
            // CR line ends past the look at the input's start (a first line over 64 KiB).
            let long = String(repeating: "x", count: 70 * 1024)
            try tool.write("in.csv", "id,note,\(long)\r1,a,b\r2,c,d\r")
            result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("line 1 holds every line of the first"), "\(result.stderr)")
            #expect(result.stderr.contains("if the lines end with CR alone, make them LF first"))
        }
    }

    @Test("blank lines only: the summary counts them, so an empty CLEAN says why")
    func blankLinesOnly() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            try tool.write("in.csv", "\n\n\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""blankLinesSkipped":3"#), "\(result.stdout)")
            #expect(result.stdout.contains(#""bytesRead":3"#), "\(result.stdout)")
        }
    }

    @Test("a CR that ends the input ends its last line; a CR of data before a LF rejects its row")
    func carriageReturnAtTheEnd() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {"optional": true}}}"#)
            // The last line ends with CR alone, the others with LF: the CR is a line end, as
            // Python's csv reads it, not data that CLEAN would write before a LF.
            for (name, text) in [("in.csv", "a,b\nx,y\nz,w\r"), ("in.tsv", "a\tb\nx\ty\nz\tw\r")] {
                try tool.write(name, text)
                let result = try tool.run(["clean", name, "--rules", "rules.json", "-o", "clean.out", "-q"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(tool.read("clean.out") == String(text.dropLast()) + "\n")
            }
            // `y\r\r\n` in a LF file: the first CR is the row's data. Written before a LF it would
            // read back as a CRLF line end, so the row is rejected with the reason, kept whole.
            for (name, text) in [("in.csv", "a,b\nx,y\r\r\n1,2\n"), ("in.tsv", "a\tb\nx\ty\r\r\n1\t2\n")] {
                try tool.write(name, text)
                let result = try tool.run([
                    "clean", name, "--rules", "rules.json", "-o", "clean.out", "--rejects", "rejects.out",
                ])
                #expect(result.status == 1, "\(result.stderr)")
                #expect(tool.read("clean.out") == (name == "in.csv" ? "a,b\n1,2\n" : "a\tb\n1\t2\n"))
                let rejects = try #require(tool.read("rejects.out"))
                #expect(rejects.contains("that is data: written before the LF line end"), "\(rejects)")
                if name == "in.csv" {
                    #expect(CSVTestParser.records(rejects)[1][0] == "x,y\r")
                }
            }
            // Read with CR line ends (found in the first 64 KiB, which hold no LF), a LF is
            // data, one before a CR line end too: its row is rejected the same way, not cut.
            let rows = String(repeating: "1,2\r", count: 20_000)
            try tool.write("in.csv", "a,b\r" + rows + "x,y\n\r3,4\r")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.out", "--rejects", "rejects.out",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.out") == "a,b\r" + rows + "3,4\r")
            let rejects = try #require(tool.read("rejects.out"))
            #expect(rejects.contains("the row ends with a LF (\\n) that is data: written before the CR line end"))
            #expect(rejects.contains("\"x,y\n\""), "\(rejects.suffix(200))")
        }
    }

    @Test("--output-mode lines: a line that continues a cut quoted field is malformed, a stray quote is not")
    func linesModeContinuation() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.rules)
            let input = "id,note\n1,\"Ada\n Lovelace\",x\n2,Jo \"Zoë\"\n3,\"open\n4,a\n5,b\"\"c\"\n"
            let result = try tool.run(
                ["clean", "-", "--format", "csv", "--rules", "rules.json", "--output-mode", "lines", "-q"],
                stdin: Array(input.utf8))
            let answers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            try #require(answers.count == 6, "\(result.stdout)")
            #expect(answers[0].hasPrefix("rejected\t\tmalformed CSV: quoted field not closed"))
            #expect(answers[1].hasPrefix("rejected\t\tmalformed CSV: the line continues a quoted field"))
            #expect(answers[2] == "ok\t2,Jo \"Zoë\"")
            #expect(answers[3].hasPrefix("rejected\t\tmalformed CSV: quoted field not closed"))
            // A line without a quote is a row of its own, so one broken line swallows nothing.
            #expect(answers[4] == "ok\t4,a")
            #expect(answers[5].hasPrefix("rejected\t\tmalformed CSV: the line continues a quoted field"))
        }
    }
}
