import Foundation
import Testing

@testable import FastCop

@Suite("Trial.inclusion and Trial.exclusion")
struct TrialInclusionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var elements: [String]
        var evidence: String
        /// Whether any element is found (inclusion passes, exclusion rejects).
        var found: Bool
        var testDescription: String { "\(elements.debugDescription) in \(evidence.debugDescription)" }
    }

    static let cases: [Case] = [
        // SwiftCop README.
        Case(elements: [".com", ".ar", ".uy"], evidence: "http://www.nytimes.com", found: true),
        Case(elements: [".com", ".ar", ".uy"], evidence: "http://www.lanacion.com.ar", found: true),
        Case(elements: [".com", ".ar", ".uy"], evidence: "http://www.elpais.es", found: false),
        // Substring, not word or equality; case-sensitive.
        Case(elements: ["cat"], evidence: "concatenate", found: true),
        Case(elements: ["Cat"], evidence: "concatenate", found: false),
        Case(elements: ["abc"], evidence: "ab", found: false),
        Case(elements: ["abc"], evidence: "abc", found: true),
        // Empty elements are never found; an empty list finds nothing; empty evidence neither.
        Case(elements: [""], evidence: "abc", found: false),
        Case(elements: [""], evidence: "", found: false),
        Case(elements: [], evidence: "abc", found: false),
        Case(elements: ["", "b"], evidence: "abc", found: true),
        Case(elements: ["a"], evidence: "", found: false),
        // ASCII control characters, CR LF.
        Case(elements: ["\r"], evidence: "x\r\ny", found: true),
        Case(elements: ["\n"], evidence: "x\r\ny", found: true),
        Case(elements: ["\r\n"], evidence: "x\r\ny", found: true),
        Case(elements: ["\0"], evidence: "a\0b", found: true),
        // Non-ASCII: é, ß, emoji, combining marks, canonical equivalence.
        Case(elements: ["é"], evidence: "café", found: true),
        Case(elements: ["e\u{301}"], evidence: "caf\u{E9}", found: true),
        Case(elements: ["\u{E9}"], evidence: "cafe\u{301}", found: true),
        Case(elements: ["e"], evidence: "caf\u{E9}", found: false),
        Case(elements: ["e"], evidence: "cafe\u{301}", found: false),
        Case(elements: ["É"], evidence: "café", found: false),
        Case(elements: ["ß"], evidence: "straße", found: true),
        Case(elements: ["ss"], evidence: "straße", found: false),
        Case(elements: ["\u{FB01}"], evidence: "fi", found: false),
        Case(elements: ["\u{212B}"], evidence: "\u{C5}ngström", found: true),
        Case(elements: ["\u{212A}"], evidence: "Kelvin", found: true),
        Case(elements: ["K"], evidence: "\u{212A}elvin", found: true),
        Case(elements: ["a\u{323}\u{301}"], evidence: "xa\u{301}\u{323}y", found: true),
        Case(elements: ["👍"], evidence: "great 👍!", found: true),
        Case(elements: ["👍🏽"], evidence: "great 👍!", found: false),
        Case(elements: ["🇩🇪"], evidence: "🇫🇷🇩🇪", found: true),
        Case(elements: ["ab"], evidence: "ab\u{301}", found: false),
        Case(elements: ["ab"], evidence: "abc\u{301}", found: true),
    ]

    @Test(arguments: cases)
    func inclusionPassesWhenAnElementIsFound(_ c: Case) throws {
        #expect(Trial.inclusion(c.elements).trial()(c.evidence) == c.found)
        #expect(try Trial.inclusion(c.elements).evaluate(c.evidence) == c.found)
    }

    @Test(arguments: cases)
    func exclusionPassesWhenNoElementIsFound(_ c: Case) throws {
        #expect(Trial.exclusion(c.elements).trial()(c.evidence) == !c.found)
        #expect(try Trial.exclusion(c.elements).evaluate(c.evidence) == !c.found)
    }

    /// The cases mirror Foundation's `range(of:)` on this platform, which SwiftCop calls.
    @Test(arguments: cases)
    func casesAgreeWithFoundation(_ c: Case) {
        let foundation = c.elements.contains { c.evidence.range(of: $0) != nil }
        #expect(foundation == c.found)
    }

    /// The byte search used when both strings are ASCII agrees with Foundation.
    @Test func asciiFastPathAgreesWithFoundation() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [Character] = ["a", "b", "\r", "\n", "A", "."]
        func word(_ maximum: Int) -> String {
            String((0..<next(maximum + 1)).map { _ in alphabet[next(alphabet.count)] })
        }
        var disagreements: [String] = []
        for _ in 0..<3000 {
            let evidence = word(12)
            let element = word(4)
            let expected = evidence.range(of: element) != nil
            if Trial.inclusion([element]).trial()(evidence) != expected {
                disagreements.append("\(element.debugDescription) in \(evidence.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func elementsAreTriedInOrderAndTheFirstFoundDecides() {
        let trial = Trial.exclusion(["b", "é", "\u{212A}"]).trial()
        #expect(trial("a") == true)
        #expect(trial("ab") == false)
        #expect(trial("cafe\u{301}") == false)
        #expect(trial("K") == false)
    }

    @Test func longEvidence() {
        let evidence = String(repeating: "ab", count: 50_000) + "needle"
        #expect(Trial.inclusion(["needle"]).trial()(evidence))
        #expect(Trial.inclusion(["needlé"]).trial()(evidence) == false)
        #expect(Trial.exclusion(["x"]).trial()(evidence))
    }
}
