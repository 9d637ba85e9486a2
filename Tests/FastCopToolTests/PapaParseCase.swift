import Foundation
import PublicSuites
import Testing

/// One of PapaParse's parser cases (mholt/PapaParse `tests/test-cases.js`, extracted to the
/// public suites' `papaparse/cases.json`), and how FastCop is asked the same question: its
/// dialect flags, or why FastCop cannot express the case's config.
struct PapaParseCase: Sendable, CustomTestStringConvertible {
    /// "core" (CORE_PARSER_TESTS: the parser alone) or "parse" (PARSE_TESTS: `Papa.parse`).
    var group: String
    var index: Int
    var title: String
    var input: String
    /// FastCop's flags for the case's config (`--no-header`, `--delimiter`, `--quote`).
    var arguments: [String] = []
    var delimiter: Character = ","
    var quote: Character = "\""
    var header = false
    /// Why FastCop cannot express the config (nil: it can).
    var unsupported: String?
    /// PapaParse's rows: lists of values (without a header, and the core parser's with one).
    var rows: [[String]] = []
    /// PapaParse's rows as objects keyed by the header (`Papa.parse` with `header: true`).
    var objects: [[String: String]]?
    /// The rows PapaParse reports an error for (quotes, or another number of fields than the header).
    var errorRows: Set<Int> = []
    /// Whether an error is about quotes (then FastCop may split the broken text into other rows).
    var quoteErrors = false

    /// PapaParse's rows with their numbers, but for the rows of one empty field that blank
    /// lines give unless `skipEmptyLines` is set (which is how FastCop reads them: a blank line
    /// is no row). A case that sets it has none to leave out.
    var rowsSkippingEmptyLines: [(offset: Int, element: [String])] {
        rows.enumerated().filter { $0.element != [""] }.map { ($0.offset, $0.element) }
    }

    /// A header's names as PapaParse names them: the second and later uses of a name get
    /// `_1`, `_2`… after it, skipping names the header already holds (`c,c,c,c_1` is
    /// `c,c_2,c_3,c_1`).
    static func renamedHeader(_ names: [String]) -> [String] {
        var taken = Set(names)
        var seen: Set<String> = []
        var next: [String: Int] = [:]
        return names.map { name in
            guard seen.contains(name) else {
                seen.insert(name)
                return name
            }
            var count = next[name, default: 1]
            while taken.contains("\(name)_\(count)") { count += 1 }
            next[name] = count + 1
            taken.insert("\(name)_\(count)")
            return "\(name)_\(count)"
        }
    }

    var id: String { "\(group) \(index)" }
    var testDescription: String { "\(id): \(title)" }

    /// The delimiter `Papa.parse` guessed where the config names none and it is not a comma:
    /// FastCop does not guess, it is told (`--delimiter`).
    static let guessedDelimiters: [String: String] = ["parse 67": "|", "parse 69": ";", "parse 70": ";"]

    /// Every case (empty without the suites).
    static let all: [PapaParseCase] = {
        guard let bytes = try? PublicSuites.bytes("papaparse/cases.json"), !bytes.isEmpty,
            let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return [] }
        let groups = [("core", "CORE_PARSER_TESTS"), ("parse", "PARSE_TESTS")]
        return groups.flatMap { group, key in
            ((root[key] as? [[String: Any]]) ?? []).map { PapaParseCase(group: group, json: $0) }
        }
    }()

    init(group: String, json: [String: Any]) {
        self.group = group
        index = json["index"] as? Int ?? -1
        title = json["description"] as? String ?? ""
        input = json["input"] as? String ?? ""
        for error in (json["errors"] as? [[String: Any]]) ?? [] {
            guard let row = error["row"] as? Int else { continue }  // UndetectableDelimiter: no row
            errorRows.insert(row)
            if (error["type"] as? String) == "Quotes" { quoteErrors = true }
        }
        let data = (json["data"] as? [Any]) ?? []
        if let config = json["config"] as? [String: Any] {
            unsupported = read(config)
        } else {
            unsupported = "a JavaScript function in the config (transform, transformHeader, dynamicTyping, delimiter)"
        }
        if header && group == "parse" {
            objects = data.map { row in
                ((row as? [String: Any]) ?? [:]).compactMapValues { $0 as? String }
            }
        } else {
            rows = data.map { (($0 as? [Any]) ?? []).map { "\($0)" } }
        }
    }

    /// Reads the config into FastCop's flags; returns why FastCop cannot express it, if it cannot.
    private mutating func read(_ config: [String: Any]) -> String? {
        header = config["header"] as? Bool ?? false
        if !header { arguments.append("--no-header") }
        if let delimiter = (config["delimiter"] as? String) ?? Self.guessedDelimiters[id] {
            guard delimiter.count == 1, delimiter != "\n", delimiter != "\r" else {
                return "a delimiter that is not one character, or is a line break"
            }
            self.delimiter = delimiter.first!
            arguments += ["--delimiter", delimiter]
        }
        if let quote = config["quoteChar"] as? String {
            self.quote = quote.first!
            arguments += ["--quote", quote]
        }
        if config["comments"] != nil { return "comment lines: FastCop has no comment syntax" }
        if config["dynamicTyping"] != nil { return "typed values: FastCop keeps every value as text" }
        if let preview = config["preview"] as? Int, preview > 0 { return "preview: FastCop reads every row" }
        if config["escapeChar"] != nil { return "an escape character other than the doubled quote" }
        if config["skipFirstNLines"] != nil { return "skipping lines before the data" }
        if config["skipEmptyLines"] as? String == "greedy" {
            return "skipEmptyLines 'greedy': FastCop skips blank lines, not lines of spaces or delimiters"
        }
        if config["fastMode"] as? Bool == true && input.contains(quote) {
            return "fastMode: quotes are data"
        }
        // newline "\n" or "\r\n" names the line ends the input has: FastCop reads both.
        return nil
    }
}
