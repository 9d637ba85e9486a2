import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: encodings (iconv) and gzip (zlib) on the way in")
struct InputDecodingTests {
    /// All of `source`, decoded, read in chunks of `chunk` bytes.
    static func decoded(_ bytes: [UInt8], name: String = "input", _ encoding: TextEncoding?, chunk: Int = 7) throws
        -> [UInt8]
    {
        let source = try InputSource.memory(bytes, name: name).decoding(encoding)
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0.baseAddress!, count: chunk) }
            if count == 0 { return out }
            out += buffer[0..<count]
        }
    }

    /// Cleans `bytes` as `;` CSV with `encoding`; the rules uppercase `nom`.
    static func clean(_ bytes: [UInt8], name: String = "input", _ encoding: TextEncoding?) throws
        -> RecordsFixture.Run
    {
        let compiled = try RulesLoader.compile(
            Array(#"{"fields": {"nom": {"filters": ["trim", "uppercase"]}}}"#.utf8), name: "rules.json")
        let clean = OutputSink.memory(name: "clean")
        let rejects = OutputSink.memory(name: "rejects")
        let summary = try RowPipeline(
            input: InputSource.memory(bytes, name: name).decoding(encoding), format: .csv,
            dialect: CSVDialect(delimiter: UInt8(ascii: ";"), quote: ASCII.quote), rules: compiled, mode: .split,
            strict: false, clean: clean, rejects: rejects, progress: nil
        ).run()
        return RecordsFixture.Run(clean: clean.contents, rejects: rejects.contents, summary: summary)
    }

    @Test(
        "Latin-1 and Windows-1252 become UTF-8 (é, €, œ), whatever the chunk size",
        arguments: [
            (TextEncoding.latin1, [0x63, 0x61, 0x66, 0xE9, 0x20, 0xE6, 0xFF] as [UInt8], "café æÿ"),
            (.windows1252, [0x80, 0x20, 0x9C, 0x75, 0x76, 0x72, 0x65, 0x20, 0xE9, 0x92], "€ œuvre é’"),
            (.utf8, Array("Zoë €".utf8), "Zoë €"),
        ])
    func singleByte(encoding: TextEncoding, bytes: [UInt8], text: String) throws {
        for chunk in [1, 2, 3, 4096] {
            #expect(try Self.decoded(bytes, encoding, chunk: chunk) == Array(text.utf8))
        }
    }

    @Test("a Windows-1252 export is cleaned as UTF-8 text and written as UTF-8")
    func windows1252File() throws {
        // "nom;ville\n œuvre ;Besançon\n" in Windows-1252.
        let bytes: [UInt8] =
            Array("nom;ville\n ".utf8) + [0x9C] + Array("uvre ;Besan".utf8) + [0xE7] + Array("on\n".utf8)
        let run = try Self.clean(bytes, .windows1252)
        #expect(run.cleanText == "nom;ville\nŒUVRE;Besançon\n")
        #expect(run.summary.rejected == 0)
    }

    @Test("without --encoding, a Latin-1 row is rejected as invalid UTF-8 with the hint, its bytes kept")
    func latin1WithoutEncoding() throws {
        let bytes: [UInt8] = Array("nom;n\nCaf".utf8) + [0xE9] + Array(";1\n".utf8)
        let run = try Self.clean(bytes, nil)
        #expect(run.summary.malformed == 1)
        #expect(
            run.rejectsText.contains(
                "invalid UTF-8 at byte 4 of the row (if the file is Latin-1 or Windows-1252, say --encoding latin1 or windows-1252)"
            ))
        #expect(run.rejects.firstRange(of: [0x43, 0x61, 0x66, 0xE9]) != nil)
    }

    @Test(
        "UTF-16 with a byte order mark, LE or BE, by --encoding utf-16 or by itself; the mark is kept as UTF-8's",
        arguments: [TextEncoding.utf16, nil])
    func utf16(encoding: TextEncoding?) throws {
        let text = "nom;n\n zoë 名前 😀;1\n"
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            #expect(try Self.decoded(bytes, encoding, chunk: 3) == [0xEF, 0xBB, 0xBF] + Array(text.utf8))
            let run = try Self.clean(bytes, encoding)
            #expect(run.clean == [0xEF, 0xBB, 0xBF] + Array("nom;n\nZOË 名前 😀;1\n".utf8))
        }
    }

    @Test(
        "--encoding utf-16 without a byte order mark asks for utf-16le or utf-16be; a mark that contradicts --encoding is an error"
    )
    func utf16WithoutMark() throws {
        #expect {
            try Self.decoded([0x61, 0x00], .utf16)
        } throws: { error in
            ((error as? RecordsError)?.message ?? "").contains("say utf-16le or utf-16be")
        }
        #expect {
            try Self.decoded([0xFE, 0xFF, 0x00, 0x61], .utf16LE)
        } throws: { error in
            ((error as? RecordsError)?.message ?? "")
                == "input: --encoding utf-16le, but the byte order mark says utf-16be"
        }
        #expect(try Self.decoded([0x61, 0x00, 0xE9, 0x00], .utf16LE) == Array("aé".utf8))
        #expect(try Self.decoded([0x00, 0x61, 0x00, 0xE9], .utf16BE) == Array("aé".utf8))
    }

    @Test(
        "a byte the encoding has no character for is an error with its offset and line, not dropped",
        arguments: [
            (
                TextEncoding.windows1252, Array("a;b\nok;1\nx".utf8) + [0x81] + Array(";2\n".utf8),
                "byte 0x81 at byte offset 10 (line 3)"
            ),
            // A lone UTF-16 surrogate (U+D800) after "a\n".
            (.utf16LE, [0x61, 0x00, 0x0A, 0x00, 0x00, 0xD8, 0x61, 0x00], "at byte offset 4 (line 2)"),
            // A character cut by the end of the input.
            (.utf16LE, [0x61, 0x00, 0x62], "ends in the middle of a utf-16le character (byte offset 2, line 1)"),
        ])
    func untranscodable(encoding: TextEncoding, bytes: [UInt8], place: String) throws {
        #expect {
            try Self.decoded(bytes, name: "export.csv", encoding)
        } throws: { error in
            let message = (error as? RecordsError)?.message ?? ""
            return message.hasPrefix("export.csv: ") && message.contains(place)
        }
    }

    @Test("gzip input is inflated as it is read, across blocks and members, and cleaned like the plain file")
    func gzip() throws {
        var text = "nom;n\n"
        for row in 0..<5000 { text += " zoë \(row) ;\(row)\n" }
        let plain = Array(text.utf8)
        let gz = GzipTestData.member(Array(plain[..<1000]), blockSize: 100) + GzipTestData.member(Array(plain[1000...]))
        #expect(try Self.decoded(gz, nil, chunk: 4096) == plain)
        let run = try Self.clean(gz, name: "export.csv.gz", nil)
        #expect(run.summary.rows == 5000)
        #expect(run.clean == (try Self.clean(plain, nil)).clean)
    }

    @Test(
        "the format comes from the extension under .gz",
        arguments: [("a.csv.gz", InputFormat.csv), ("b.TSV.GZ", .tsv), ("c.jsonl.gz", .jsonl), ("d.gz", .lines)])
    func formatUnderGzip(path: String, format: InputFormat) {
        #expect(InputFormat.guessed(fromPath: path) == format)
    }

    @Test("a .gz of a Latin-1 file, with --encoding latin1")
    func gzipLatin1() throws {
        let latin1: [UInt8] = Array("nom;n\n b".utf8) + [0xE9, 0x62, 0xE9] + Array(" ;1\n".utf8)
        let run = try Self.clean(GzipTestData.member(latin1), name: "export.csv.gz", .latin1)
        #expect(run.cleanText == "nom;n\nBÉBÉ;1\n")
    }

    @Test(
        "a truncated, corrupt or mislabelled .gz is an error naming the file, never a short output",
        arguments: [
            ("truncated", "the gzip data is truncated"),
            ("corrupt", "the gzip data is corrupt"),
            ("trailing", "data after the end of the gzip stream"),
            ("not gzip", "the name ends in .gz but the data is not gzip"),
        ])
    func brokenGzip(damage: String, message: String) throws {
        let plain = Array(String(repeating: "nom;n\nzoë;1\n", count: 500).utf8)
        var gz = GzipTestData.member(plain, blockSize: 1000)
        switch damage {
        case "truncated": gz.removeLast(gz.count / 2)
        case "corrupt": gz[gz.count - 6] ^= 0xFF  // the CRC-32
        case "trailing": gz += Array("nom;n\n".utf8)
        default: gz = plain
        }
        #expect {
            try Self.clean(gz, name: "export.csv.gz", nil)
        } throws: { error in
            let text = (error as? RecordsError)?.message ?? ""
            return text.hasPrefix("export.csv.gz: ") && text.contains(message)
        }
    }
}
