import Foundation
import Testing

@Suite("fastcop clean: CSV")
struct CleanCSVTests {
    @Test("rows in = clean + rejected, with every failing field's message")
    func rowsAddUp() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write(
                "in.csv",
                """
                name,email,phone
                Ada, ADA@Example.com ,+44 20 7946 0958
                Alan,alan@,12
                Grace,grace@navy.mil,(202) 555-0143
                Émilie,émilie@example.fr,01 42 68 53 00

                """)
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1)
            let clean = CSVTestParser.records(try #require(tool.read("clean.csv")))
            let rejects = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            #expect(clean[0] == ["name", "email", "phone"])
            #expect(clean.dropFirst().map { $0[0] } == ["Ada", "Grace"])
            #expect(clean[1] == ["Ada", "ada@example.com", "+442079460958"])
            #expect(rejects[0] == ["name", "email", "phone", "_row", "_line", "_field", "_message"])
            // Alan fails both fields; Émilie's email is not ASCII (SwiftCop's pattern is ASCII only).
            #expect(rejects[1] == ["Alan", "alan@", "12", "2", "3", "email; phone", "Invalid email; Invalid phone"])
            #expect(
                rejects[2] == ["Émilie", "émilie@example.fr", "01 42 68 53 00", "4", "5", "email", "Invalid email"])
            #expect(clean.count - 1 + rejects.count - 1 == 4)
            #expect(result.stdout.contains("rows in   4"))
            #expect(result.stdout.contains("clean     2"))
            #expect(result.stdout.contains("rejected  2"))
        }
    }

    static let quotingCases: [(name: String, csv: String, fields: [String])] = [
        ("embedded comma", "a,b\n\"x, y\",z\n", ["x, y", "z"]),
        ("doubled quotes", "a,b\n\"say \"\"hi\"\"\",z\n", ["say \"hi\"", "z"]),
        ("embedded newline", "a,b\n\"line 1\nline 2\",z\n", ["line 1\nline 2", "z"]),
        ("embedded CRLF", "a,b\r\n\"line 1\r\nline 2\",z\r\n", ["line 1\r\nline 2", "z"]),
        ("empty fields", "a,b\n,\n", ["", ""]),
        ("empty quoted field", "a,b\n\"\",z\n", ["", "z"]),
        ("no final newline", "a,b\nx,y", ["x", "y"]),
        ("emoji and combining marks", "a,b\n👨‍👩‍👧,e\u{301}\n", ["👨‍👩‍👧", "e\u{301}"]),
        ("ß and é", "a,b\nStraße,café\n", ["Straße", "café"]),
    ]

    @Test("quoted fields are read and written back as RFC 4180", arguments: quotingCases)
    func quoting(name: String, csv: String, fields: [String]) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", csv)
            try tool.write("rules.json", #"{"fields": {"a": {"optional": true}}}"#)
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 0, "\(result.stderr)")
            let records = CSVTestParser.records(try #require(tool.read("clean.csv")))
            #expect(records.count == 2)
            #expect(records.last == fields)
        }
    }

    @Test("a changed field is quoted when it needs to be; untouched fields keep their bytes")
    func quotingOnWrite() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "a,b,c\n\"  x,y \",\"keep \"\"me\"\"\",z\n")
            try tool.write(
                "rules.json",
                #"{"fields": {"a": {"filters": ["trim", {"replace": {"search": "y", "replacement": "\""}}]}}}"#)
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "a,b,c\n\"x,\"\"\",\"keep \"\"me\"\"\",z\n")
        }
    }

    @Test("CRLF input gives CRLF output")
    func crlf() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "email\r\n ADA@X.COM \r\nbad\r\n")
            try tool.write(
                "rules.json", #"{"fields": {"email": {"filters": ["trim", "lowercase"], "trials": ["email"]}}}"#)
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.csv") == "email\r\nada@x.com\r\n")
            #expect(tool.read("rejects.csv") == "email,_row,_line,_field,_message\r\nbad,2,3,email,invalid email\r\n")
        }
    }

    @Test("an empty file and a header-only file give empty outputs and status 0")
    func emptyInputs() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"]}}}"#)
            try tool.write("empty.csv", "")
            var result = try tool.run([
                "clean", "empty.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "")
            #expect(result.stdout.contains("rows in   0"))

            try tool.write("header.csv", "id,email\n")
            result = try tool.run([
                "clean", "header.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "id,email\n")
            #expect(tool.read("rejects.csv") == "id,email,_row,_line,_field,_message\n")
        }
    }

    @Test("malformed rows go to the rejects with the reason and line, and the run goes on")
    func malformedRows() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {"trials": [{"length": {"minimum": 1}}]}}}"#)
            try tool.write(
                "in.csv", "a,b\n1,ok\n2\nx\"y,bad quote\n\"x\"y,after quote\n3,fine\n\"unclosed,z\n4,last\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1)
            // A quote inside an unquoted field is data (and counted).
            let clean = CSVTestParser.records(try #require(tool.read("clean.csv")))
            #expect(clean.map { $0[0] } == ["a", "1", "x\"y", "3", "4"])
            #expect(result.stdout.contains("1 row has a quote inside an unquoted field, read as data"))
            let rejects = CSVTestParser.records(try #require(tool.read("rejects.csv")))
            try #require(rejects.count == 4)
            #expect(rejects[1] == ["2", "", "2", "3", "", "malformed CSV: 1 field, the header has 2"])
            #expect(rejects[2][0] == "\"x\"y,after quote")
            #expect(rejects[2][5].contains("text after the closing quote of field 1"))
            // An unclosed quote is cut at the end of its line, and reading goes on.
            #expect(rejects[3][0] == "\"unclosed,z")
            #expect(rejects[3][2...3] == ["6", "7"])
            #expect(rejects[3][5].contains("quoted field not closed"))
            #expect(result.stdout.contains("malformed  3"))
        }
    }

    @Test("invalid UTF-8 goes to the rejects with its place; the bytes are kept")
    func invalidUTF8() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {"optional": true}}}"#)
            try tool.write("in.csv", bytes: Array("a,b\n1,ok\n2,".utf8) + [0xC3, 0x28] + Array("\n3,ok\n".utf8))
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.csv") == "a,b\n1,ok\n3,ok\n")
            let rejects = try #require(FileManagerBytes.read(tool.path("rejects.csv")))
            #expect(rejects.starts(with: Array("a,b,_row,_line,_field,_message\n\"2,".utf8) + [0xC3, 0x28]))
            #expect(String(decoding: rejects, as: UTF8.self).contains("invalid UTF-8 at byte 3 of the row"))
        }
    }

    @Test("--strict stops at the first malformed row with status 2 and writes no CLEAN")
    func strict() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"b": {"optional": true}}}"#)
            try tool.write("in.csv", "a,b\n1,ok\n2\n3,ok\n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--strict"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("line 3: malformed CSV: 1 field, the header has 2 (stopped by --strict)"))
            #expect(!tool.exists("clean.csv"))
            #expect(tool.listing() == ["in.csv", "rules.json"])
        }
    }

    @Test("a quoted record spanning a block boundary is read whole (input larger than a block)")
    func blockBoundaries() throws {
        try ToolRunner.withRunner { tool in
            var text = "id,note\n"
            let rows = 60_000
            for index in 0..<rows {
                text += "\(index),\"note \(index), with a comma,\nand a second line \"\"quoted\"\" é\"\n"
            }
            try tool.write("big.csv", text)
            try tool.write("rules.json", #"{"fields": {"note": {"filters": ["collapseWhitespace"]}}}"#)
            let result = try tool.run([
                "clean", "big.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"rowsIn\":\(rows),\"clean\":\(rows),\"rejected\":0"))
            let records = CSVTestParser.records(try #require(tool.read("clean.csv")))
            #expect(records.count == rows + 1)
            #expect(records[rows] == ["\(rows - 1)", "note \(rows - 1), with a comma, and a second line \"quoted\" é"])
        }
    }

    @Test("TSV reads and writes tabs")
    func tsv() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.tsv", "name\temail\nAda\t ADA@X.COM\nBob\tbob\n")
            try tool.write(
                "rules.json", #"{"fields": {"email": {"filters": ["trim", "lowercase"], "trials": ["email"]}}}"#)
            let result = try tool.run([
                "clean", "in.tsv", "--rules", "rules.json", "-o", "clean.tsv", "--rejects", "rejects.tsv",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.tsv") == "name\temail\nAda\tada@x.com\n")
            #expect(
                tool.read("rejects.tsv")
                    == "name\temail\t_row\t_line\t_field\t_message\nBob\tbob\t2\t3\temail\tinvalid email\n")
        }
    }

    @Test("a UTF-8 byte order mark is kept in both outputs, not read as part of the header")
    func byteOrderMark() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("email\na@b.co\nbad\n".utf8))
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"]}}}"#)
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                FileManagerBytes.read(tool.path("clean.csv")) == [0xEF, 0xBB, 0xBF] + Array("email\na@b.co\n".utf8))
        }
    }
}

enum FileManagerBytes {
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }
}
