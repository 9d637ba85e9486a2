/// The records fuzzer's seed corpus (`Fuzz/records-corpus`): each target with quoted fields,
/// doubled and stray quotes, delimiters inside quotes, line breaks inside quotes, CRLF and CR
/// alone, blank lines, a byte order mark, TSV escapes, invalid UTF-8, é, ß and emoji; JSON
/// Lines with nested members, escapes, numbers, arrays and broken lines; rules files good and
/// broken.
package enum RecordsSeeds {
    static func seed(
        _ target: RecordsFuzzInput.Target, _ text: String, header: Bool = true, lines: Bool = false,
        workers: Int = 1, block: Int = 7, filters: (Int, Int) = (4, 1), dialect: UInt8 = 0
    ) -> [UInt8] {
        RecordsFuzzInput.encode(
            target, data: Array(text.utf8), hasHeader: header, linesMode: lines, workers: workers, blockSize: block,
            filters: filters, dialectByte: dialect)
    }

    package static let all: [[UInt8]] = [
        seed(.csv, "email,n\nada@x.org,1\n\"b,x\"\"q\",2\n\"two\nlines x\",3\n"),
        seed(.csv, "a,b\r\n x ,é\r\n\r\n\"ß\"\"\",😀\r\n", filters: (11, 2)),
        seed(.csv, "a,b\nx\"y,1\n\"open,2\nz,3\n", block: 3, filters: (5, 9)),
        seed(.csv, "a,b\rc,d\re,f", filters: (4, 4)),
        seed(.csv, "\u{FEFF}name\nx\n\n\"\"\nxx\n", filters: (10, 0)),
        seed(.csv, "1,2,3\nx,y\n4,5,6,7\n", header: false, filters: (6, 8)),
        seed(.csv, "a,b\nx,y\n\"q\"\"\nx\",z\n", lines: true, filters: (5, 4)),
        seed(.csv, "h\n" + String(repeating: "x,\"y\"\n", count: 20), workers: 2, block: 64, filters: (14, 13)),
        seed(.tsv, "a\tb\nx\\ty\t\\n\\\\\nx\tq\"z\n\\q\t\\r\n", filters: (7, 8)),
        seed(.tsv, "a\tb\r\nx x\t1\r\n", lines: true, filters: (9, 5)),
        seed(.csvWithoutQuotes, "a,b\n\"x\",y\nx,\"\n", filters: (6, 4)),
        seed(.csvWithoutQuotes, "only\nx\n\n y \n", filters: (10, 10)),
        seed(.customCSV, "a;b\n'x;y';'q''r'\nx;é\n", filters: (13, 4), dialect: 0x00),
        seed(.customCSV, "a|b\n`x|y`|`\n`\n", filters: (4, 5), dialect: 0x31),
        seed(.customCSV, "a b\nx 'y z'\n", header: false, filters: (4, 1), dialect: 0x04),
        seed(.customCSV, "a\"b\n'x\"y'\"z\n", lines: true, filters: (4, 6), dialect: 0x06),
        seed(.csvBlocks, "a,b\n\"x\ny\",z\r\n\"\"\"\",\n\"open\nq", dialect: 0x1B),
        seed(.csvBlocks, String(repeating: "abc,\"d\ne\",f\n", count: 12), lines: true, dialect: 0x1B),
        seed(.jsonLines, #"{"a": "x é", "b": {"c": "xx"}, "k": 1}"# + "\n\n" + #"{"a": 1.5, "b": [1]}"# + "\n{bad\n"),
        seed(
            .jsonLines, #"{"a":"\u00e9\"x\n","b":{"c":null},"a.b":true}"# + "\r\n" + #"{"a":{"b":"x"}}"# + "\r\n",
            filters: (5, 9), dialect: 1),
        seed(
            .jsonLines, #"{"a":"x","a":"y"}"# + "\n" + #"  {"é":"ß", "b":{"c":"x","c":"z"}}  "# + "\n[1]\n",
            lines: true, filters: (4, 14), dialect: 2),
        seed(.jsonLines, #"{"x.y":"a","x":{"y":"b"},"_row":3}"# + "\n\"str\"\n", filters: (12, 8), dialect: 3),
        seed(.lines, "ada x\n\nb\r\nlast x", filters: (5, 0)),
        seed(.lines, "x\r\ny\r\n", filters: (9, 0)),
        seed(.lines, "  a  b  \n\u{200B}ß\n", lines: true, filters: (15, 0)),
        seed(.rules, #"{"fields": {"email": {"filters": ["trim"], "trials": ["email"], "message": "bad"}}}"#),
        seed(
            .rules, #"{"fields": {"n": {"trials": [{"format": "[0-9]+"}, {"length": {"max": 3}}], "optional": true}}}"#),
        seed(.rules, #"{"fields": {"p": {"filters": [{"regexReplace": {"pattern": "(", "replacement": ""}}]}}}"#),
        seed(.rules, "{\"fields\": {\"a\": {\"trials\": [{\"oneOf\": [\"x\", \"é\"]}]},\n \"a.b\": {\"nope\": 1}}}"),
        seed(
            .rules, "\u{FEFF}{\"fields\": {\"a\": {\"filters\": [\"lowercase\", {\"replace\": {\"search\": \"a\"}}]}}}"),
        seed(.rules, "{\"fields\": {\"\": {}}, \"x\": [1, 2, {\"y\": null}]}\n\n  garbage"),
        RecordsFuzzInput.encode(.csv, data: [0x61, 0x2C, 0x62, 0x0A, 0xC3, 0x28, 0x2C, 0x78, 0x0A, 0xFF, 0x0A]),
        RecordsFuzzInput.encode(.rules, data: [0x7B, 0x22, 0xFF, 0x22, 0x7D]),
    ]
}
