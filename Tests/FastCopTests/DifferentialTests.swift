import FastCop
import Foundation
import Testing

/// FastCop against `NSRegularExpression` (ICU, through swift-corelibs-foundation on Linux):
/// every pattern of ``DifferentialCorpus`` on every input must give the same answer (whether
/// there is a match, the first match's range, the number of matches), except for the intended
/// differences of ``DifferentialCorpus/intended``, which must still differ as described.
/// docs/differences-from-NSRegularExpression.md lists the same differences with their reasons.
@Suite("Differential: FastCop agrees with NSRegularExpression")
struct DifferentialTests {
    /// What one engine says about one input: the first match's UTF-8 range and the number of
    /// matches, or that the pattern does not compile.
    struct Answer: Equatable, CustomStringConvertible {
        var first: Range<Int>?
        var count: Int

        var description: String { "first \(first.map { "\($0)" } ?? "none"), \(count) matches" }
        static let compileError = Answer(first: nil, count: -1)
    }

    static func utf8Offset(_ index: String.Index, in string: String) -> Int {
        string.utf8.distance(from: string.startIndex, to: index)
    }

    static func foundation(_ regex: NSRegularExpression?, _ input: String) -> Answer {
        guard let regex else { return .compileError }
        let whole = NSRange(input.startIndex..., in: input)
        let count = regex.numberOfMatches(in: input, range: whole)
        guard let match = regex.firstMatch(in: input, range: whole) else { return Answer(first: nil, count: count) }
        // UTF-16 offsets to UTF-8 offsets through the string's views (`Range(_:in:)` gives nil
        // for a range that splits a grapheme cluster, which matches may do).
        let utf16 = input.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: match.range.location)
        let upper = utf16.index(lower, offsetBy: match.range.length)
        return Answer(first: utf8Offset(lower, in: input)..<utf8Offset(upper, in: input), count: count)
    }

    static func fastCop(_ pattern: Pattern?, _ input: String) throws -> Answer {
        guard let pattern else { return .compileError }
        let first = try pattern.firstMatch(in: input)
        #expect(try pattern.hasMatch(in: input) == (first != nil))
        return Answer(first: first?.utf8Range, count: try pattern.numberOfMatches(in: input))
    }

    static func intended(_ testCase: DifferentialCorpus.Case, _ input: String) -> IntendedDifference? {
        IntendedDifference.all.first {
            $0.pattern == testCase.pattern && $0.options == testCase.options
                && ($0.inputs == nil || $0.inputs!.contains { $0.utf8.elementsEqual(input.utf8) })
        }
    }

    @Test("the same answers on every input, except the intended differences", arguments: DifferentialCorpus.cases)
    func agree(testCase: DifferentialCorpus.Case) throws {
        let regex = try? NSRegularExpression(pattern: testCase.pattern, options: testCase.options)
        let pattern = try? Pattern(testCase.pattern, options: Pattern.Options(testCase.options))
        var differsSomewhere = false
        for input in DifferentialCorpus.inputs {
            let theirs = Self.foundation(regex, input)
            let ours = try Self.fastCop(pattern, input)
            differsSomewhere = differsSomewhere || ours != theirs
            if let difference = Self.intended(testCase, input) {
                if difference.inputs != nil {
                    #expect(
                        ours != theirs,
                        "\(testCase) on \(input.debugDescription) is listed as a difference but both say \(ours)")
                }
            } else {
                #expect(
                    ours == theirs,
                    "\(testCase) on \(input.debugDescription): FastCop \(ours), NSRegularExpression \(theirs)")
            }
        }
        let listedForAnyInput = IntendedDifference.all.contains {
            $0.pattern == testCase.pattern && $0.options == testCase.options && $0.inputs == nil
        }
        if listedForAnyInput { #expect(differsSomewhere, "\(testCase) is listed as a difference but always agrees") }
    }

    @Test("every intended difference is in the corpus and still differs")
    func intendedDifferencesAreLive() {
        for difference in IntendedDifference.all {
            let known = DifferentialCorpus.cases.contains {
                $0.pattern == difference.pattern && $0.options == difference.options
            }
            #expect(known, "\(difference.pattern) is listed but not in the corpus")
            #expect(!difference.reason.rawValue.isEmpty)
        }
    }
}
