import Foundation
import Testing

/// The public email test suites in `../shared/suites/` beside the repository (CI has them; a
/// fresh clone does not): isemail, validator.js and python-email-validator, read as
/// addresses with the verdict each suite gives.
enum EmailSuites {
    /// A suite's verdict on one address.
    enum Verdict: String, Sendable {
        case valid, invalid
        /// The suite accepts either answer (python-email-validator's options-dependent cases).
        case either
    }

    /// One address of a suite.
    struct Case: Sendable, CustomTestStringConvertible {
        /// `isemail`, `validator.js` or `python-email-validator`.
        let suite: String
        /// Where the suite has it: isemail's test id, validator.js' `valid[3]`, or
        /// python-email-validator's `invalid_syntax[27]`.
        let id: String
        let address: String
        let verdict: Verdict

        var testDescription: String { "\(suite) \(id): \(address.debugDescription)" }
    }

    /// `../shared/suites`, from the repository root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/suites")

    static var isPresent: Bool {
        ["isemail/tests.xml", "validator.js/isEmail-default.json", "python-email-validator/cases.json"].allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }

    /// Every case of the three suites (none when they are absent).
    static let cases: [Case] = isPresent ? ((try? isemail() + validatorJS() + pythonEmailValidator()) ?? []) : []

    /// isemail's `tests.xml`. Its verdict is its own boolean answer: valid for the categories
    /// below its threshold (valid, DNS warnings, valid for RFC 5321 but unusual), invalid for
    /// the rest (comments and folding whitespace, deprecated forms, RFC 5322 only, errors).
    /// Control characters are written as U+2400 plus their code, as its notes say.
    static func isemail() throws -> [Case] {
        let text = try String(contentsOf: folder.appendingPathComponent("isemail/tests.xml"), encoding: .utf8)
        return text.components(separatedBy: "<test id=\"").dropFirst().map { test in
            let id = String(test.prefix { $0 != "\"" })
            let address = element("address", in: test).map(unescapedXML) ?? ""
            let category = element("category", in: test) ?? ""
            let valid = ["ISEMAIL_VALID_CATEGORY", "ISEMAIL_DNSWARN", "ISEMAIL_RFC5321"].contains(category)
            return Case(suite: "isemail", id: id, address: address, verdict: valid ? .valid : .invalid)
        }
    }

    /// validator.js' default `isEmail` lists.
    static func validatorJS() throws -> [Case] {
        let lists = try json("validator.js/isEmail-default.json") as? [String: Any] ?? [:]
        return [("valid", Verdict.valid), ("invalid", .invalid)].flatMap { key, verdict in
            ((lists[key] as? [String]) ?? []).enumerated().map {
                Case(suite: "validator.js", id: "\(key)[\($0.offset)]", address: $0.element, verdict: verdict)
            }
        }
    }

    /// python-email-validator's syntax cases.
    static func pythonEmailValidator() throws -> [Case] {
        let document = try json("python-email-validator/cases.json") as? [String: Any] ?? [:]
        return ((document["cases"] as? [[String: String]]) ?? []).map {
            Case(
                suite: "python-email-validator", id: $0["where"] ?? "", address: $0["address"] ?? "",
                verdict: Verdict(rawValue: $0["label"] ?? "") ?? .either)
        }
    }

    /// The JSON file at `path`. A lone UTF-16 surrogate escape (`\ud800`, in an "unsafe
    /// character" case) cannot be a Swift string, and never reaches a rule as UTF-8: it is read
    /// as U+FFFD, what a UTF-8 decoder makes of it.
    private static func json(_ path: String) throws -> Any {
        var text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        text = text.replacingOccurrences(
            of:
                #"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"#,
            with: #"\\ufffd"#, options: .regularExpression)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The text of the first `<name>…</name>` in `xml`; nil for `<name/>` or none.
    private static func element(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(name)>"),
            let end = xml.range(of: "</\(name)>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }

    /// `text` with XML's character references and named entities replaced, and isemail's
    /// control pictures (U+2400-U+241F) made the controls they stand for.
    private static func unescapedXML(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&"), let semicolon = rest[amp...].firstIndex(of: ";") {
            result += rest[..<amp]
            let entity = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let character = named[String(entity)] {
                result += character
            } else if entity.hasPrefix("#x"), let value = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(value >= 0x2400 && value < 0x2420 ? value - 0x2400 : value)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
