import Foundation
import Testing

/// The `fastcop` commands of the README and the guides in `docs/`, run as written (the command
/// text is the documentation's, split into words as a shell splits them) on small files made
/// for them, with their results checked. `DocumentationExamplesTests` checks that every
/// documented command is here.
@Suite("Documentation: the fastcop examples, run as written")
struct DocsToolExamplesTests {
    /// The contents of the fenced blocks in `language` of the Markdown file `file` (relative to
    /// the package root), in order: the documentation's own data, used as the tests' input and
    /// expected output.
    static func blocks(_ language: String, in file: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line.hasPrefix("```") {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = lines + [line]
                }
            } else if line == "```\(language)" {
                current = []
            }
        }
        return blocks
    }

    /// A small contact list: two good rows, one bad email, one lower-case country.
    static let contacts = """
        name,email,country,since
        Ada Lovelace,ada@example.com,GB,1843
        Grace Hopper,grace@Example.ORG,US,1944
        Alan Turing,alan.turing@,GB,1936
        Zoë Ørsted,zoe@example.com,dk,2024

        """

    @Test("README: the sample, cleaned and checked with a report")
    func sampleClean() throws {
        try ToolRunner.withRunner { tool in
            let sample = try tool.run(command: "fastcop sample --write demo")
            #expect(sample.status == 0, "\(sample.stderr)")
            #expect(tool.exists("demo/contacts.csv") && tool.exists("demo/rules.json"))
            let clean = try tool.run(
                command: "fastcop clean demo/contacts.csv --rules demo/rules.json -o clean.csv --rejects rejects.csv")
            #expect(clean.status == 1, "\(clean.stderr)")
            #expect(clean.stdout.contains("clean     14  -> clean.csv"))
            #expect(clean.stdout.contains("rejected   6  -> rejects.csv"))
            // The README shows the summary shortened: each of its lines is one of the summary's.
            let shown = try #require(try Self.blocks("text", in: "README.md").first)
            let summary = Set(clean.stdout.split(separator: "\n"))
            for line in shown.split(separator: "\n") {
                #expect(summary.contains(line), "the README's summary line \(line) is not in the output")
            }
            #expect(tool.read("clean.csv")?.lines.count == 15)
            #expect(
                tool.read("rejects.csv")?.contains("alan.turing@,+44 161 496 0735,GB,3,4,email,Invalid email") == true)
            let check = try tool.run(
                command: "fastcop check demo/contacts.csv --rules demo/rules.json --report report.html")
            #expect(check.status == 1)
            #expect(check.stdout.contains(#"row 3, line 4: email: Invalid email ("alan.turing@")"#))
            #expect(check.stdout.contains("6 of 20 rows invalid"))
            #expect(tool.read("report.html")?.contains("<html") == true)
        }
    }

    @Test("docs/tool.md: the commands, one by one")
    func commands() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("data.csv", Self.contacts)
            try tool.write("data.txt", Self.contacts)
            let sample = try tool.run(command: "scripts/fastcop")
            #expect(sample.status == 0)
            #expect(sample.stdout.contains("Cleaning the embedded sample"))
            #expect(sample.stdout.contains("First rejected rows:"))
            let write = try tool.run(command: "fastcop sample --write demo")
            #expect(write.stdout.contains("wrote demo/rules.json"))
            let clean = try tool.run(
                command: "fastcop clean demo/contacts.csv --rules demo/rules.json -o clean.csv --rejects rejects.csv")
            #expect(clean.status == 1 && tool.exists("clean.csv") && tool.exists("rejects.csv"))
            let email = try tool.run(command: "fastcop check data.csv --email --column email")
            #expect(email.status == 1)
            #expect(email.stdout == "row 3, line 4: email: invalid email (\"alan.turing@\")\n1 of 4 rows invalid\n")
            let country = try tool.run(command: #"fastcop check data.txt -f csv -e '[A-Z]{2}' -c country"#)
            #expect(country.status == 1)
            #expect(country.stdout.contains(#"row 4, line 5: country: does not match the format ("dk")"#))
            let infer = try tool.run(command: "fastcop infer data.csv -o schema.json")
            #expect(infer.status == 0)
            #expect(infer.stderr.contains("4 fields inferred from 4 rows of data.csv"))
            #expect(tool.read("schema.json")?.contains(#""name": "since""#) == true)
            let typed = try tool.run(
                command: "fastcop clean data.csv --schema schema.json -o clean.csv --rejects rejects.csv")
            #expect(typed.status == 0, "\(typed.stderr)")
            #expect(typed.stdout.contains("clean     4  -> clean.csv"))
            let match = try tool.run(command: #"fastcop match -c -i 'example\.(com|org)' data.csv"#)
            #expect(match.status == 0)
            #expect(match.stdout == "3\n")
            let bench = try tool.run(command: #"fastcop bench data.txt --pattern '\d{4}'"#)
            #expect(bench.status == 0)
            for engine in ["FastCop (1 core)", "NSRegularExpression", "Swift Regex"] {
                #expect(bench.stdout.contains(engine))
            }
        }
    }

    @Test("docs/tool.md: JSON Lines keeps its types, dotted names reach nested members")
    func jsonLines() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "orders.jsonl",
                """
                {"id": 7, "customer": {"email": " Ana@Acme.Company "}, "total": 12.50, "paid": true}
                {"id": 8, "customer": {"email": "bob@"}, "total": 3, "paid": false}

                """)
            // The rules as docs/tool.md spells them.
            try tool.write(
                "orders.json",
                #"{"fields": {"customer.email": {"filters": ["trim", "lowercase"], "trials": ["email"]}, "total": {"trials": [{"format": "[0-9]+\\.[0-9]{2}"}]}, "paid": {"trials": [{"oneOf": ["true"]}]}}}"#
            )
            let result = try tool.run(command: "fastcop clean orders.jsonl -r orders.json -o clean.jsonl")
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                tool.read("clean.jsonl")
                    == #"{"id": 7, "customer": {"email": "ana@acme.company"}, "total": 12.50, "paid": true}"# + "\n")
            let rejects = try #require(tool.read("clean.rejects.jsonl"))
            #expect(rejects.hasPrefix(#"{"id": 8, "customer": {"email": "bob@"}, "total": 3, "paid": false,"_row":2"#))
            #expect(rejects.contains(#"{"field":"paid","message":"is not one of true"}"#))
        }
    }

    @Test("docs/tool.md: a European CSV, a Latin-1 file, a gzip file")
    func dialects() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write(
                "export.csv", "name;email;phone\nAda;ada@example.com;+44 20 7946 0958\nBob;bob@;12\n")
            let european = try tool.run(
                command: "fastcop clean export.csv -r rules.json -d ';' -o clean.csv --rejects rejects.csv")
            #expect(european.status == 1, "\(european.stderr)")
            #expect(tool.read("clean.csv") == "name;email;phone\nAda;ada@example.com;+442079460958\n")
            #expect(tool.read("rejects.csv")?.hasPrefix("name;email;phone;_row;_line;_field;_message\n") == true)
            // "Zoë" in Latin-1: ë is the byte 0xEB.
            try tool.write(
                "legacy.csv",
                bytes: Array("name,email,phone\nZo".utf8) + [0xEB] + Array(",zoe@example.com,+33 1 40 51 00 00\n".utf8))
            let latin1 = try tool.run(command: "fastcop clean legacy.csv -r rules.json --encoding latin1 -o clean.csv")
            #expect(latin1.status == 0, "\(latin1.stderr)")
            #expect(tool.read("clean.csv") == "name,email,phone\nZoë,zoe@example.com,+33140510000\n")
            try EncodingFlagsTests.writeGzip(
                tool, "contacts.csv.gz", Array("name,email,phone\nAda, ADA@example.com ,+44 20 7946 0958\n".utf8))
            let gzip = try tool.run(command: "fastcop clean contacts.csv.gz -r rules.json -o clean.csv")
            #expect(gzip.status == 0, "\(gzip.stderr)")
            #expect(tool.read("clean.csv") == "name,email,phone\nAda,ada@example.com,+442079460958\n")
        }
    }

    @Test("docs/typed-checks.md: people.csv against its schema gives the REJECTS the guide shows")
    func typedChecksGuide() throws {
        try ToolRunner.withRunner { tool in
            // The guide's schema (its first JSON block), its people.csv and its REJECTS.
            let json = try Self.blocks("json", in: "docs/typed-checks.md")
            let csv = try Self.blocks("csv", in: "docs/typed-checks.md")
            try #require(json.count >= 1 && csv.count == 2)
            try tool.write("schema.json", json[0])
            try tool.write("people.csv", csv[0])
            let clean = try tool.run(command: "scripts/fastcop clean people.csv --schema schema.json -o clean.csv")
            #expect(clean.status == 1, "\(clean.stderr)")
            #expect(
                tool.read("clean.csv")
                    == "id,age,price,born,country,active,code\n1,34,\"1.234,50\",29/02/2024,FR,true,ABC-1234\n")
            #expect(tool.read("clean.rejects.csv") == csv[1])
            let check = try tool.run(command: "scripts/fastcop check people.csv --schema schema.json")
            #expect(check.status == 1)
            #expect(check.stdout.lines.count == 6)
            #expect(check.stdout.hasSuffix("5 of 6 rows invalid\n"))
        }
    }

    @Test("docs/rules.md: a draft schema from the data, then clean with it")
    func inferThenClean() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("people.csv", "id,age,country\n1,34,FR\n2,41,DE\n3,29,FR\n")
            let infer = try tool.run(command: "fastcop infer people.csv -o schema.json")
            #expect(infer.status == 0, "\(infer.stderr)")
            let schema = try #require(tool.read("schema.json"))
            #expect(schema.contains(#""type": "integer""#))
            let clean = try tool.run(command: "fastcop clean people.csv --schema schema.json -o clean.csv")
            #expect(clean.status == 0, "\(clean.stderr)")
            #expect(tool.read("clean.csv") == "id,age,country\n1,34,FR\n2,41,DE\n3,29,FR\n")
        }
    }

    @Test("docs/rules.md: reports as a page and as JSON")
    func reports() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("contacts.csv", "email,phone\nada@example.com,+44 20 7946 0958\nbob@,12\n")
            let page = try tool.run(
                command: "fastcop clean contacts.csv --rules rules.json -o clean.csv --report report.html")
            #expect(page.status == 1, "\(page.stderr)")
            let html = try #require(tool.read("report.html"))
            #expect(html.contains("<html") && !html.contains("<script"))
            try tool.write("schema.json", #"{"fields": [{"name": "email", "format": "email"}, {"name": "phone"}]}"#)
            let json = try tool.run(command: "fastcop check contacts.csv --schema schema.json --report report.json")
            #expect(json.status == 1, "\(json.stderr)")
            let report = try #require(tool.read("report.json"))
            #expect(report.hasPrefix(#"{"#))
            #expect(report.contains(#""fastcopReport": 1"#) || report.contains(#""fastcopReport":1"#))
            #expect(report.contains(#""command""#) && report.contains(#""failuresByRule""#))
        }
    }
}
