import PublicSuites
import Testing

@testable import FastCopRecords

/// JSONTestSuite (nst/JSONTestSuite, `test_parsing/`) through FastCop's two JSON readers: the
/// JSON Lines reader of `fastcop clean` and the rules file's parser. `y_` documents must be
/// accepted, `n_` ones refused, `i_` ones either way, and nothing may crash.
///
/// As JSON Lines rows: a JSON Lines row is an object, so each document is put on one line as
/// the value of a member, `{"document": …}` (its one final line feed dropped), and cleaned with
/// rules that judge no member: a `y_` row is clean, an `n_` row is rejected as malformed (JSON
/// that cannot be read), and rows in = clean + rejected. A document with a line break before
/// its end cannot be one line (the break ends the row); those are left out and listed in
/// ``multiLineDocuments``: 2 `y_` (93 of 95 are checked) and 3 `n_` (185 of 188).
///
/// As rules files: every `y_` document gets past the JSON parser (most are then refused as
/// rules, which is not a JSON error), and every `n_` one is refused as invalid JSON or invalid
/// UTF-8 with the line and column of the mistake.
@Suite(
    "JSONTestSuite: FastCop's JSON Lines reader and rules parser",
    .enabled(if: PublicSuites.isPresent, Comment(rawValue: PublicSuites.absentNote)))
struct JSONTestSuiteTests {
    static let folder = "JSONTestSuite/test_parsing"
    static let files = PublicSuites.files(in: folder).filter { $0.hasSuffix(".json") }

    /// Documents with a line break before their last byte: not one JSON Lines row.
    static let multiLineDocuments = [
        "y_array_with_1_and_newline.json", "y_object_with_newlines.json",
        "n_array_newlines_unclosed.json", "n_array_unclosed_with_new_lines.json", "n_string_unescaped_newline.json",
    ]

    static func files(_ prefix: String) -> [String] { files.filter { $0.hasPrefix(prefix) } }
    static func rows(_ prefix: String) -> [String] {
        files(prefix).filter { !multiLineDocuments.contains($0) }
    }

    static func bytes(_ file: String) throws -> [UInt8] { try PublicSuites.bytes("\(folder)/\(file)") }

    /// The document as one JSON Lines row: `{"document": …}` and a line feed.
    static func row(_ file: String) throws -> [UInt8] {
        var document = try bytes(file)
        if document.last == UInt8(ascii: "\n") { document.removeLast() }
        #expect(!document.contains(UInt8(ascii: "\n")), "\(file) is not one line")
        return Array(#"{"document": "#.utf8) + document + Array("}\n".utf8)
    }

    /// Rules whose one field is optional and absent from every row: only reading is judged.
    static let rules = #"{"fields": {"not in the rows": {"optional": true}}}"#

    static func clean(_ rows: [UInt8]) throws -> RecordsFixture.Run {
        try RecordsFixture.run(rows, format: .jsonl, rules: rules)
    }

    @Test("the suite has the files counted below")
    func counts() {
        #expect(Self.files("y_").count == 95)
        #expect(Self.files("n_").count == 188)
        #expect(Self.files("i_").count == 35)
        #expect(Self.rows("y_").count == 93)
        #expect(Self.rows("n_").count == 185)
    }

    @Test("y_: a JSON Lines row holding the document is clean", arguments: rows("y_"))
    func acceptedRow(file: String) throws {
        let run = try Self.clean(try Self.row(file))
        #expect(run.summary.rows == 1)
        #expect(run.summary.clean == 1, "\(run.rejectsText)")
        #expect(run.clean == (try Self.row(file)))
    }

    @Test("n_: a JSON Lines row holding the document is rejected as malformed", arguments: rows("n_"))
    func rejectedRow(file: String) throws {
        let run = try Self.clean(try Self.row(file))
        #expect(run.summary.rows == 1)
        #expect(run.summary.rejected == 1)
        #expect(run.summary.malformed == 1, "\(run.cleanText)")
    }

    @Test("i_: a JSON Lines row holding the document is clean or rejected, and counted", arguments: rows("i_"))
    func eitherRow(file: String) throws {
        let run = try Self.clean(try Self.row(file))
        #expect(run.summary.rows == 1)
        #expect(run.summary.clean + run.summary.rejected == 1)
    }

    @Test("every document, one row each in one input: rows in = clean + rejected")
    func allRowsAddUp() throws {
        let kinds = ["y_", "n_", "i_"].map { Self.rows($0) }
        var input: [UInt8] = []
        for file in kinds.joined() { input += try Self.row(file) }
        let run = try Self.clean(input)
        #expect(run.summary.rows == kinds.joined().count)
        #expect(run.summary.rows == run.summary.clean + run.summary.rejected)
        #expect(run.summary.clean >= kinds[0].count)
        #expect(run.summary.malformed >= kinds[1].count)
    }

    /// The message a rules file with `bytes` gets, or nil when it compiles.
    static func rulesFailure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try RulesLoader.compile(bytes, name: "rules.json")
            return nil
        } catch {
            return (error as? RecordsError)?.message ?? "\(error)"
        }
    }

    /// Whether `message` refuses the file as JSON (not as rules), with a line and a column.
    static func isJSONRefusal(_ message: String) -> Bool {
        message.prefixMatch(of: /rules\.json:[0-9]+:[0-9]+: invalid (JSON: |UTF-8 )/) != nil
    }

    @Test("y_: a rules file holding the document gets past the JSON parser", arguments: files("y_"))
    func parsedRules(file: String) throws {
        let bytes = try Self.bytes(file)
        if let message = Self.rulesFailure(bytes) {
            #expect(!Self.isJSONRefusal(message), "\(message)")
            #expect(message.hasPrefix("rules.json:"), "\(message)")
        }
    }

    @Test("n_: a rules file holding the document is refused as JSON, with a position", arguments: files("n_"))
    func refusedRules(file: String) throws {
        let message = Self.rulesFailure(try Self.bytes(file))
        #expect(message.map(Self.isJSONRefusal) == true, "\(message ?? "accepted")")
    }

    @Test("i_: a rules file holding the document is parsed or refused, without a crash", arguments: files("i_"))
    func eitherRules(file: String) throws {
        let message = Self.rulesFailure(try Self.bytes(file))
        #expect(message?.hasPrefix("rules.json:") != false, "\(message ?? "")")
    }
}
