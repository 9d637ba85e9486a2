import Foundation
import Testing

/// Rejected rows always go somewhere: beside CLEAN by default, to --rejects, or dropped only
/// with --discard-rejects; the summary says where every row went.
@Suite("fastcop clean: no row is lost unless asked")
struct NoSilentLossTests {
    static let emailRules = #"{"fields": {"email": {"filters": ["trim"], "trials": ["email"], "message": "bad"}}}"#

    @Test(
        "without --rejects, rejects go beside CLEAN: CLEAN's name with .rejects before the extension",
        arguments: [
            ("clean.csv", "clean.rejects.csv"), ("out/données.csv", "out/données.rejects.csv"),
            ("clean", "clean.rejects"), ("out.d/clean", "out.d/clean.rejects"), (".hidden", ".hidden.rejects"),
        ])
    func besideClean(clean: String, rejects: String) throws {
        try ToolRunner.withRunner { tool in
            try FileManager.default.createDirectory(atPath: tool.path("out"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: tool.path("out.d"), withIntermediateDirectories: true)
            try tool.write("rules.json", Self.emailRules)
            try tool.write("in.csv", "email,name\nada@example.com,Ada\nnope,Zoë\n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", clean, "-q"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read(clean) == "email,name\nada@example.com,Ada\n")
            #expect(tool.read(rejects) == "email,name,_row,_line,_field,_message\nnope,Zoë,2,3,email,bad\n")
        }
    }

    /// A blank line between CSV or JSON Lines records is no row, but it is not passed over in
    /// silence: the summary counts it (text and JSON).
    @Test(
        "blank lines between records are counted in the summary",
        arguments: [
            ("in.csv", "email\nada@example.com\n\nzoe@example.com\n\n"),
            ("in.jsonl", "{\"email\": \"ada@example.com\"}\n\n{\"email\": \"zoe@example.com\"}\r\n\r\n"),
        ])
    func blankLinesCounted(name: String, text: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write(name, text)
            let json = try tool.run(["clean", name, "--rules", "rules.json", "-o", "out", "--summary", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            #expect(json.stdout.contains("\"rowsIn\":2,"), "\(json.stdout)")
            #expect(json.stdout.contains("\"blankLinesSkipped\":2,"), "\(json.stdout)")
            let plain = try tool.run(["clean", name, "--rules", "rules.json", "-o", "out"])
            #expect(plain.stdout.contains("2 blank lines between records: not rows, skipped"), "\(plain.stdout)")
        }
    }

    @Test("the summary names the rejects file, and it is written even when nothing is rejected")
    func summaryNamesRejects() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("in.csv", "email\nada@example.com\n")
            var result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("rejected  0  -> clean.rejects.csv"), "\(result.stdout)")
            #expect(tool.read("clean.rejects.csv") == "email,_row,_line,_field,_message\n")

            result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--summary", "json"])
            #expect(result.stdout.contains(#""rejectsOutput":"clean.rejects.csv","rejectsDiscarded":false"#))
        }
    }

    @Test("CLEAN on stdout without --rejects is a usage error before anything is read or written")
    func stdoutNeedsAChoice() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("in.csv", "email\nnope\n")
            for arguments in [["-o", "-"], [], ["-o", "/dev/null"]] {
                let result = try tool.run(["clean", "in.csv", "--rules", "rules.json"] + arguments)
                #expect(result.status == 2)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("--rejects REJECTS"), "\(result.stderr)")
                #expect(result.stderr.contains("--discard-rejects"))
            }
            #expect(tool.listing() == ["in.csv", "rules.json"])
        }
    }

    @Test("--discard-rejects drops them on request, and the summary says so")
    func discardOnRequest() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("in.csv", "email\nada@example.com\nnope\n")
            var result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "-", "--discard-rejects"])
            #expect(result.status == 1)
            #expect(result.stdout == "email\nada@example.com\n")
            #expect(result.stderr.contains("rejected  1  -> discarded (--discard-rejects)"), "\(result.stderr)")
            result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "c.csv", "--discard-rejects", "--summary", "json",
            ])
            #expect(result.stdout.contains(#""rejectsOutput":null,"rejectsDiscarded":true"#), "\(result.stdout)")
            #expect(tool.listing() == ["c.csv", "in.csv", "rules.json"])
        }
    }

    @Test(
        "contradictory choices are usage errors",
        arguments: [
            (
                ["-o", "c.csv", "--rejects", "r.csv", "--discard-rejects"],
                "give --rejects or --discard-rejects, not both"
            ),
            (["--output-mode", "lines", "--discard-rejects"], "drop --discard-rejects"),
        ])
    func contradictions(arguments: [String], message: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("in.csv", "email\nnope\n")
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test("a JSON Lines rules field that no row has is an error before anything is written")
    func missingJSONField() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"e_mail": {"trials": ["email"]}, "note": {"optional": true}}}"#)
            try tool.write("in.jsonl", #"{"email":"ada@example.com"}"# + "\n" + #"{"email":"zoë@example.com"}"# + "\n")
            var result = try tool.run(["clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("no row of the first 2 has the rules field 'e_mail'"), "\(result.stderr)")
            #expect(result.stderr.contains("--allow-missing-fields"))
            #expect(tool.listing() == ["in.jsonl", "rules.json"])

            result = try tool.run([
                "clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl", "--allow-missing-fields", "-q",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.jsonl") == "")
            #expect(tool.read("clean.rejects.jsonl")?.lines.count == 2)
            #expect(tool.read("clean.rejects.jsonl")?.contains(#"{"field":"e_mail","message":"is required"}"#) == true)
        }
    }

    @Test("a key with null in some row counts as present; a CSV column can be allowed missing too")
    func presentOrAllowed() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"]}}}"#)
            try tool.write("in.jsonl", #"{"email":null}"# + "\n" + #"{"name":"x"}"# + "\n")
            var result = try tool.run(["clean", "in.jsonl", "--rules", "rules.json", "-o", "c.jsonl", "-q"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("c.rejects.jsonl")?.lines.count == 2)

            try tool.write("in.csv", "name\nZoë\n")
            result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "c.csv", "-q"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("which is not a column"))
            result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "c.csv", "-q", "--allow-missing-fields",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("c.rejects.csv") == "name,_row,_line,_field,_message\nZoë,1,2,email,is required\n")
        }
    }

    @Test("a default REJECTS that would replace INPUT is a usage error")
    func rejectsWouldReplaceInput() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("data.rejects.csv", "email\nnope\n")
            let result = try tool.run(["clean", "data.rejects.csv", "--rules", "rules.json", "-o", "data.csv"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("the default REJECTS 'data.rejects.csv' is INPUT"), "\(result.stderr)")
            #expect(tool.read("data.rejects.csv") == "email\nnope\n")
        }
    }

    @Test(
        "an output that is INPUT (by another name, or a link to it) is a usage error; the input is kept",
        arguments: [
            (["-o", "data.csv"], "CLEAN 'data.csv' is INPUT"),
            (["-o", "./data.csv"], "CLEAN './data.csv' is INPUT"),
            (["-o", "link.csv"], "CLEAN 'link.csv' is INPUT"),
            (["-o", "c.csv", "--rejects", "data.csv"], "REJECTS 'data.csv' is INPUT"),
            (["-o", "c.csv", "--rejects", "./c.csv"], "CLEAN and REJECTS must be different outputs"),
        ])
    func outputWouldReplaceInput(outputs: [String], message: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Self.emailRules)
            try tool.write("data.csv", "email\nnope\nzoë@example.com\n")
            try tool.write("c.csv", "old\n")
            #expect(symlink("data.csv", tool.path("link.csv")) == 0)
            let result = try tool.run(["clean", "data.csv", "--rules", "rules.json"] + outputs)
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(tool.read("data.csv") == "email\nnope\nzoë@example.com\n")
            #expect(tool.read("c.csv") == "old\n")
        }
    }

    @Test("the issue's case: clean -o clean.csv -q keeps the sample's 6 rejected rows")
    func issueCase() throws {
        try ToolRunner.withRunner { tool in
            #expect(try tool.run(["sample", "--write", "demo"]).status == 0)
            let result = try tool.run([
                "clean", "demo/contacts.csv", "--rules", "demo/rules.json", "-o", "clean.csv", "-q",
            ])
            #expect(result.status == 1)
            let clean = try #require(tool.read("clean.csv"))
            let rejects = try #require(tool.read("clean.rejects.csv"))
            #expect(CSVTestParser.records(clean).count - 1 == 14)
            #expect(CSVTestParser.records(rejects).count - 1 == 6)
        }
    }
}
