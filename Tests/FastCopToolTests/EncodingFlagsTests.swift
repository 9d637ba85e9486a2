import Foundation
import Testing

@Suite("fastcop clean/check: --encoding and .gz input, through the binary")
struct EncodingFlagsTests {
    static let rules =
        #"{"fields": {"nom": {"filters": ["trim", "uppercase"], "trials": [{"length": {"minimum": 2}}]}}}"#
    /// "nom;ville\n œuvre ;Besançon\n  é ;Orléans\n" in Windows-1252 (Latin-1 has no œ).
    static let windows1252: [UInt8] =
        Array("nom;ville\n ".utf8) + [0x9C] + Array("uvre ;Besan".utf8) + [0xE7] + Array("on\n  ".utf8) + [0xE9]
        + Array(" ;Orl".utf8) + [0xE9] + Array("ans\n".utf8)

    /// `gzip -c` of `bytes`, written to `name`.
    static func writeGzip(_ tool: ToolRunner, _ name: String, _ bytes: [UInt8]) throws {
        try tool.write("\(name).plain", bytes: bytes)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c -n \"$0\" > \"$1\"", tool.path("\(name).plain"), tool.path(name)]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a Windows-1252 semicolon export is cleaned to UTF-8 in one command")
    func windows1252() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("export.csv", bytes: Self.windows1252)
            try tool.write("rules.json", Self.rules)
            let result = try tool.run([
                "clean", "export.csv", "-r", "rules.json", "-d", ";", "--encoding", "windows-1252", "-o", "clean.csv",
                "--rejects", "rejects.csv", "-q",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "nom;ville\nŒUVRE;Besançon\n")
            #expect(
                tool.read("rejects.csv")
                    == "nom;ville;_row;_line;_field;_message\n  é ;Orléans;2;3;nom;length must be at least 2\n")
        }
    }

    @Test("without --encoding, the accented rows are rejected, and the message and summary say which --encoding to try")
    func hint() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("export.csv", bytes: Self.windows1252)
            try tool.write("rules.json", Self.rules)
            let clean = try tool.run(["clean", "export.csv", "-r", "rules.json", "-d", ";", "-o", "clean.csv"])
            #expect(clean.status == 1)
            #expect(
                clean.stdout.contains(
                    "\n  2 rows are not valid UTF-8 (if the file is Latin-1 or Windows-1252, say --encoding latin1 or"
                        + " windows-1252)\n"))
            let result = try tool.run(["check", "export.csv", "-d", ";", "--pattern", ".*", "-c", "nom"])
            #expect(result.status == 1)
            #expect(
                result.stdout.contains(
                    "row 1, line 2: invalid UTF-8 at byte 2 of the row (if the file is Latin-1 or Windows-1252, say"
                        + " --encoding latin1 or windows-1252)"))
        }
    }

    @Test("a byte with no character in the encoding stops the run with its offset and line (status 2, no CLEAN)")
    func untranscodable() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("export.csv", bytes: Array("nom;n\nok;1\nx".utf8) + [0x81] + Array(";2\n".utf8))
            try tool.write("rules.json", Self.rules)
            let result = try tool.run([
                "clean", "export.csv", "-r", "rules.json", "-d", ";", "--encoding", "cp1252", "-o", "clean.csv",
            ])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "export.csv: byte 0x81 at byte offset 12 (line 3) is not windows-1252 text; is the --encoding right?"
                ))
            #expect(!tool.exists("clean.csv"))
        }
    }

    @Test("UTF-16 LE and BE with a byte order mark are read without being told")
    func utf16() throws {
        try ToolRunner.withRunner { tool in
            let units = Array("nom;n\n zoë ;1\n".utf16)
            try tool.write("le.csv", bytes: [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            try tool.write("be.csv", bytes: [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            try tool.write("rules.json", Self.rules)
            for (name, encoding) in [("le.csv", []), ("be.csv", ["--encoding", "utf-16"])] {
                let result = try tool.run(
                    ["clean", name, "-r", "rules.json", "-d", ";", "-q", "--discard-rejects"] + encoding)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdoutBytes == [0xEF, 0xBB, 0xBF] + Array("nom;n\nZOË;1\n".utf8))
            }
        }
    }

    @Test("a .gz file (here of a Windows-1252 export, with --encoding) is read as the file it holds")
    func gzip() throws {
        try ToolRunner.withRunner { tool in
            try Self.writeGzip(tool, "export.csv.gz", Self.windows1252)
            try tool.write("rules.json", Self.rules)
            let result = try tool.run([
                "clean", "export.csv.gz", "-r", "rules.json", "-d", ";", "--encoding", "windows-1252", "-q",
                "--discard-rejects",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout == "nom;ville\nŒUVRE;Besançon\n")
            // From stdin too, by its magic number.
            let piped = try tool.run(
                [
                    "clean", "-", "-f", "csv", "-r", "rules.json", "-d", ";", "--encoding", "latin1", "-q",
                    "--discard-rejects",
                ],
                stdin: FileManagerBytes.read(tool.path("export.csv.gz")))
            #expect(piped.stdout.hasPrefix("nom;ville\n"))
        }
    }

    @Test("a truncated .gz is an error naming the file (status 2), and no CLEAN is left")
    func truncatedGzip() throws {
        try ToolRunner.withRunner { tool in
            var text = "nom;n\n"
            for row in 0..<20000 { text += "zoë \(row);\(row * 7919 % 10007)\n" }
            try Self.writeGzip(tool, "full.csv.gz", Array(text.utf8))
            let full = try #require(FileManagerBytes.read(tool.path("full.csv.gz")))
            try tool.write("cut.csv.gz", bytes: Array(full[..<(full.count / 2)]))
            try tool.write("rules.json", Self.rules)
            let result = try tool.run(["clean", "cut.csv.gz", "-r", "rules.json", "-d", ";", "-o", "clean.csv"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cut.csv.gz: the gzip data is truncated"))
            #expect(!tool.exists("clean.csv"))
        }
    }

    @Test("an unknown --encoding is a usage error listing the known ones")
    func unknownEncoding() throws {
        try ToolRunner.withRunner { tool in
            let result = try tool.run(["clean", "in.csv", "-r", "r.json", "--encoding", "ebcdic"])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "unknown encoding 'ebcdic' (known: utf-8, latin1, windows-1252, utf-16, utf-16le, utf-16be)"))
        }
    }
}
