import FastCop
import Foundation
import PublicSuites
import Testing

/// FastCop against plain PCRE2 (``PCRE2TestData/Oracle``: PCRE2 called from C with the flags
/// FastCop passes, JIT-compiled when FastCop JIT-compiles the pattern, PCRE2's default limits) on
/// PCRE2's own test data: 3,732 patterns with subjects. Every case must get the same answers from both, whatever FastCop does above PCRE2
/// (JIT, rewritten single-character groups, linear and watched searches, search budgets):
/// whether the pattern compiles (and PCRE2's error code and offset when not), the first match
/// with every group, whether it matches at all, the whole-subject match with its groups, every
/// match, and replacing (for subjects that are valid UTF-8, which a String must be).
///
/// The oracle follows FastCop's JIT choice because PCRE2 10.42's JIT and interpreter disagree on
/// some of these cases (`(*SKIP)` under compile-time anchoring, the capture of a possessive
/// group repeated), and FastCop gives the JIT's answers where it JIT-compiles.
///
/// Both of FastCop's configurations are checked: the default (Unicode classes, any line ending)
/// and `.asciiCharacterClasses` + `.lineFeedOnly` (what `fastcop match` uses, as grep does).
@Suite(
    "Differential: FastCop agrees with PCRE2 alone on PCRE2's test data",
    .enabled(if: PublicSuites.isPresent, Comment(rawValue: PublicSuites.absentNote)))
struct PCRE2TestDataDifferentialTests {
    /// One of FastCop's configurations, with the flags the oracle compiles with for it.
    struct Configuration: Sendable, CustomTestStringConvertible {
        var name: String
        var options: Pattern.Options
        var ucp: Bool
        var lineFeedOnly: Bool

        var testDescription: String { name }
    }

    static let configurations = [
        Configuration(name: "default", options: [], ucp: true, lineFeedOnly: false),
        Configuration(
            name: ".asciiCharacterClasses + .lineFeedOnly", options: [.asciiCharacterClasses, .lineFeedOnly],
            ucp: false, lineFeedOnly: true),
    ]

    /// The groups' byte offsets of a FastCop match, as the oracle gives them.
    static func offsets(_ match: Pattern.ByteMatch, captureCount: Int) -> [Int] {
        (0...captureCount).flatMap { group -> [Int] in
            guard let range = match.range(at: group) else { return [-1, -1] }
            return [range.lowerBound, range.upperBound]
        }
    }

    /// The groups' byte offsets of a FastCop match in a String.
    static func offsets(_ match: Pattern.Match, in subject: String, captureCount: Int) -> [Int] {
        (0...captureCount).flatMap { group -> [Int] in
            guard let range = match.range(at: group) else { return [-1, -1] }
            let utf8 = subject.utf8
            return [
                utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                utf8.distance(from: utf8.startIndex, to: range.upperBound),
            ]
        }
    }

    /// Where FastCop's answers for `testCase` differ from PCRE2's, one line each (none: agreed).
    static func differences(_ testCase: PCRE2TestData.Case, fastCop: Result<Pattern, Error>, oracle: PCRE2Oracle)
        -> [String]
    {
        let pattern: Pattern
        let oracleCode: PCRE2TestData.Oracle
        switch (fastCop, oracle) {
        case (.failure(let error as PatternError), .failure(let expected)):
            guard error.kind == .compile, error.code == expected.code, error.offset == expected.offset else {
                return [
                    "compile error: FastCop \(error.kind) \(error.code) at \(error.offset ?? -1), "
                        + "PCRE2 \(expected.code) at \(expected.offset)"
                ]
            }
            return []
        case (.success(let compiled), .success(let code)):
            pattern = compiled
            oracleCode = code
        case (.success, .failure(let expected)):
            return ["compiles in FastCop, PCRE2 says error \(expected.code) at \(expected.offset)"]
        case (.failure(let error), _):
            return ["does not compile in FastCop (\(error)), PCRE2 compiles it"]
        }
        let subject = testCase.subjectBytes
        let groups = oracleCode.captureCount
        var found: [String] = []
        func compare<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) {
            if ours != theirs { found.append("\(what): FastCop \(ours), PCRE2 \(theirs)") }
        }
        func answer(_ result: Result<Pattern.ByteMatch?, PCRE2TestData.Answer>) -> PCRE2TestData.Answer {
            switch result {
            case .success(let match?): return .match(offsets(match, captureCount: groups))
            case .success(nil): return .noMatch
            case .failure(let error): return error
            }
        }

        compare("captureCount", pattern.captureCount, groups)
        let first = oracleCode.firstMatch(in: subject)
        compare("firstMatch", answer(PCRE2TestData.Answer.of { try pattern.firstMatch(in: subject) }), first)
        compare("hasMatch", PCRE2TestData.Answer.found { try pattern.hasMatch(in: subject) }, first.found)
        let whole = oracleCode.firstMatch(in: subject, whole: true)
        compare("hasWholeMatch", PCRE2TestData.Answer.found { try pattern.hasWholeMatch(in: subject) }, whole.found)
        let all = PCRE2TestData.Answer.of { try pattern.matches(in: subject).map { offsets($0, captureCount: groups) } }
        compare("matches", all, oracleCode.matches(in: subject))

        guard let text = String(validating: subject, as: UTF8.self) else { return found }
        let wholeMatch = PCRE2TestData.Answer.of { try pattern.wholeMatch(in: text) }
        let wholeAnswer: PCRE2TestData.Answer
        switch wholeMatch {
        case .success(let match?): wholeAnswer = .match(offsets(match, in: text, captureCount: groups))
        case .success(nil): wholeAnswer = .noMatch
        case .failure(let error): wholeAnswer = error
        }
        compare("wholeMatch", wholeAnswer, whole)
        compare(
            "replacing withLiteral",
            PCRE2TestData.Answer.of { try pattern.replacing(in: text, withLiteral: "‹$1›") },
            oracleCode.replacing(in: subject, with: "‹$1›", literal: true))
        compare(
            "replacing with <$0>", PCRE2TestData.Answer.of { try pattern.replacing(in: text, with: "<$0>") },
            oracleCode.replacing(in: subject, with: "<$0>", literal: false))
        if groups > 0 {
            compare(
                "replacing with [$1]", PCRE2TestData.Answer.of { try pattern.replacing(in: text, with: "[$1]") },
                oracleCode.replacing(in: subject, with: "[$1]", literal: false))
        }
        return found
    }

    /// Cases where FastCop's answers differ from plain PCRE2's, with what each does: known issues
    /// for the lead to decide (the test fails when one of them agrees again).
    static let knownDifferences: [String: String] = [:]

    typealias PCRE2Oracle = Result<PCRE2TestData.Oracle, PCRE2TestData.Oracle.CompileError>

    @Test("every case gets PCRE2's answers", arguments: configurations)
    func agree(configuration: Configuration) {
        let cases = PCRE2TestData.cases
        #expect(cases.count == 3_732, "the suite's line count changed")
        // Each pattern (with its flags) is compiled once, by both, for all its subjects.
        var compiled: [String: (Result<Pattern, Error>, PCRE2Oracle)] = [:]
        var disagreements: [String] = []
        for testCase in cases {
            let key = "\(testCase.flags)|\(testCase.allowsDuplicateNames)|\(testCase.pattern)"
            let pair =
                compiled[key]
                ?? {
                    let pattern = Result<Pattern, Error> {
                        try Pattern(testCase.pattern, options: testCase.options(configuration.options))
                    }
                    let oracle = PCRE2TestData.Oracle.compile(
                        testCase, ucp: configuration.ucp, lineFeedOnly: configuration.lineFeedOnly,
                        jit: (try? pattern.get())?.isJITCompiled ?? false)
                    compiled[key] = (pattern, oracle)
                    return (pattern, oracle)
                }()
            let found = Self.differences(testCase, fastCop: pair.0, oracle: pair.1)
            let subject = String(decoding: testCase.subjectBytes, as: UTF8.self)
            let text =
                "\(testCase.id) /\(testCase.pattern)/\(testCase.flags) on \(subject.debugDescription): "
                + found.joined(separator: "; ")
            if let known = Self.knownDifferences[testCase.id] {
                if found.isEmpty {
                    Issue.record("\(testCase.id) is listed as a known difference but agrees with PCRE2 now")
                } else {
                    withKnownIssue(Comment(rawValue: known)) { Issue.record(Comment(rawValue: text)) }
                }
            } else if !found.isEmpty {
                disagreements.append(text)
            }
        }
        #expect(
            disagreements.isEmpty,
            Comment(
                rawValue: "\(disagreements.count) of \(cases.count) cases differ from PCRE2:\n"
                    + disagreements.prefix(30).joined(separator: "\n")))
    }
}
