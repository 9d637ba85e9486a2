import FastCop
import Foundation
import PCRE2Oracle
import PublicSuites

/// PCRE2's own test data (`testinput1` and `testinput4` of PCRE2 10.42), read from the public
/// suites' `pcre2/testdata-cases.jsonl`, and plain PCRE2's answers for it (``Oracle``).
enum PCRE2TestData {
    /// One pattern with one subject, as the suite's line holds it.
    struct Case: Decodable, Sendable {
        var id: String
        var pattern: String
        /// Perl letters among `i`, `m`, `s`, `x` and `D` (`$` at the very end only).
        var flags: String
        /// pcre2test's modifiers (`utf`, `dupnames`, `g`, `mark`…): only `dupnames` changes how
        /// the pattern compiles; FastCop always compiles for UTF-8.
        var modifiers: String
        /// The subject's bytes, in base64 (some are not valid UTF-8).
        var subject: String

        var subjectBytes: [UInt8] { Array(Data(base64Encoded: subject) ?? Data()) }
        var allowsDuplicateNames: Bool { modifiers.split(separator: ",").contains("dupnames") }

        /// FastCop's options for the case's flags, on top of `base`.
        func options(_ base: Pattern.Options) -> Pattern.Options {
            var options = base
            let letters: [(Character, Pattern.Options)] = [
                ("i", .caseInsensitive), ("m", .multiline), ("s", .dotMatchesNewlines), ("x", .extended),
                ("D", .dollarEndOnly),
            ]
            for (letter, option) in letters where flags.contains(letter) { options.insert(option) }
            if allowsDuplicateNames { options.insert(.allowDuplicateNames) }
            return options
        }
    }

    /// Every case, in the suite's order (empty without the suites).
    static let cases: [Case] = {
        guard let bytes = try? PublicSuites.bytes("pcre2/testdata-cases.jsonl"), !bytes.isEmpty else { return [] }
        let decoder = JSONDecoder()
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(Case.self, from: Data($0)) }
    }()

    /// What one engine said about one question: a match with its groups' byte offsets (-1 for
    /// an unset group), no match, or an error of a kind.
    enum Answer: Error, Equatable, CustomStringConvertible {
        case match([Int])
        case noMatch
        case invalidUTF8
        case limit
        case error(String)

        /// The answer to "is there a match?" (groups dropped).
        var found: Answer {
            if case .match = self { return .match([]) }
            return self
        }

        var description: String {
            switch self {
            case .match(let offsets): return "match \(offsets)"
            case .noMatch: return "no match"
            case .invalidUTF8: return "invalid UTF-8"
            case .limit: return "limit"
            case .error(let text): return "error \(text)"
            }
        }

        /// FastCop's error as an answer.
        init(_ error: Error) {
            guard let error = error as? PatternError else {
                self = .error("\(error)")
                return
            }
            if error.kind == .invalidUTF8 {
                self = .invalidUTF8
            } else if error.isLimit {
                self = .limit
            } else {
                self = .error("\(error.kind) \(error.code)")
            }
        }

        /// FastCop's answer to a yes-or-no question: a match (without groups) or none.
        static func found(_ body: () throws -> Bool) -> Answer {
            do {
                return try body() ? .match([]) : .noMatch
            } catch {
                return Answer(error)
            }
        }

        /// FastCop's answer: `body`'s value, or its error.
        static func of<T>(_ body: () throws -> T) -> Result<T, Answer> {
            do {
                return .success(try body())
            } catch {
                return .failure(Answer(error))
            }
        }
    }

    /// Plain PCRE2 for one pattern (see Tests/PCRE2Oracle): its search form and whole-match form.
    final class Oracle {
        private let search: OpaquePointer
        private let whole: OpaquePointer
        let captureCount: Int

        /// The pattern compiled as FastCop would compile it (JIT-compiled when `jit`), or PCRE2's
        /// compile error (code and offset) when it does not compile.
        static func compile(_ testCase: Case, ucp: Bool, lineFeedOnly: Bool, jit: Bool) -> Result<Oracle, CompileError>
        {
            func make(whole: Bool) -> Result<OpaquePointer, CompileError> {
                var code: Int32 = 0
                var offset = 0
                let pattern = Array(testCase.pattern.utf8)
                let compiled = pattern.withUnsafeBufferPointer { bytes in
                    pcre2_oracle_compile(
                        bytes.baseAddress, bytes.count, testCase.flags, testCase.allowsDuplicateNames ? 1 : 0,
                        ucp ? 1 : 0, lineFeedOnly ? 1 : 0, whole ? 1 : 0, jit ? 1 : 0, &code, &offset)
                }
                guard let compiled else { return .failure(CompileError(code: Int(code), offset: offset)) }
                return .success(compiled)
            }
            switch (make(whole: false), make(whole: true)) {
            case (.success(let search), .success(let whole)): return .success(Oracle(search: search, whole: whole))
            case (.success(let search), .failure(let error)):
                pcre2_oracle_free(search)
                return .failure(error)
            case (.failure(let error), .success(let whole)):
                pcre2_oracle_free(whole)
                return .failure(error)
            case (.failure(let error), .failure): return .failure(error)
            }
        }

        private init(search: OpaquePointer, whole: OpaquePointer) {
            self.search = search
            self.whole = whole
            captureCount = Int(pcre2_oracle_capture_count(search))
        }

        deinit {
            pcre2_oracle_free(search)
            pcre2_oracle_free(whole)
        }

        /// A compile error: PCRE2's code and the byte offset in the pattern.
        struct CompileError: Error, Equatable {
            var code: Int
            var offset: Int
        }

        private static func answer(_ code: Int32, offsets: [Int]) -> Answer {
            switch pcre2_oracle_outcome_of(code) {
            case PCRE2_ORACLE_MATCHED: return .match(offsets)
            case PCRE2_ORACLE_NO_MATCH: return .noMatch
            case PCRE2_ORACLE_INVALID_UTF: return .invalidUTF8
            case PCRE2_ORACLE_LIMIT: return .limit
            default: return .error("PCRE2 \(code)")
            }
        }

        /// The first match from offset 0 (`whole`: of the whole subject).
        func firstMatch(in subject: [UInt8], whole: Bool = false) -> Answer {
            var offsets = [Int](repeating: -1, count: 2 * (captureCount + 1))
            let code = subject.withUnsafeBufferPointer { bytes in
                pcre2_oracle_match(whole ? self.whole : search, bytes.baseAddress, bytes.count, &offsets)
            }
            return Self.answer(code, offsets: offsets)
        }

        /// Every match, each with its groups' offsets, or the error that ended the search.
        func matches(in subject: [UInt8]) -> Result<[[Int]], Answer> {
            let stride = 2 * (captureCount + 1)
            // After each empty match the search moves at least one byte: at most 2n + 2 matches.
            let capacity = 2 * subject.count + 2
            var offsets = [Int](repeating: -1, count: capacity * stride)
            let count = subject.withUnsafeBufferPointer { bytes in
                pcre2_oracle_all_matches(search, bytes.baseAddress, bytes.count, &offsets, capacity)
            }
            guard count >= 0 else { return .failure(Self.answer(Int32(count), offsets: [])) }
            return .success((0..<count).map { Array(offsets[($0 * stride)..<($0 * stride + stride)]) })
        }

        /// Every match replaced by `replacement` (PCRE2's syntax, or literal text).
        func replacing(in subject: [UInt8], with replacement: String, literal: Bool) -> Result<String, Answer> {
            let template = Array(replacement.utf8)
            var capacity = 2 * subject.count + 64
            while true {
                var output = [UInt8](repeating: 0, count: capacity)
                var needed = 0
                let length = subject.withUnsafeBufferPointer { bytes in
                    template.withUnsafeBufferPointer { templateBytes in
                        pcre2_oracle_substitute(
                            search, bytes.baseAddress, bytes.count, templateBytes.baseAddress, templateBytes.count,
                            literal ? 1 : 0, &output, capacity, &needed)
                    }
                }
                if length >= 0 { return .success(String(decoding: output.prefix(length), as: UTF8.self)) }
                guard length == pcre2_oracle_no_memory(), needed > capacity else {
                    return .failure(Self.answer(Int32(length), offsets: []))
                }
                capacity = needed
            }
        }
    }
}
