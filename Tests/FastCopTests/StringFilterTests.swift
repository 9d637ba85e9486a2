import Foundation
import Synchronization
import Testing

@testable import FastCop

/// A filter of a user's own, as new code writes it: a struct with `apply(to:)`, no
/// `@unchecked Sendable`, no init closure.
private struct AffixFilter: StringFilter {
    let prefix: String
    let suffix: String
    func apply(to value: String) throws -> String? {
        guard !value.isEmpty else { return nil }
        return prefix + value + suffix
    }
}

/// A user filter that throws its own error.
private struct RejectDigits: StringFilter {
    struct Found: Error, Equatable { let value: String }
    func apply(to value: String) throws -> String? {
        guard !value.contains(where: \.isNumber) else { throw Found(value: value) }
        return value
    }
}

/// A closure-configured class of one's own, Sendable through a Mutex, as the documentation of
/// `FilterProtocol` shows it.
private final class LockedSuffixFilter: FilterProtocol, Sendable {
    private let storage = Mutex("")
    var suffix: String {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
    init(_ initialize: (LockedSuffixFilter) -> Void = { _ in }) { initialize(self) }
    func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        guard let string = value as? String else { return nil }
        return (string + suffix) as? O
    }
}

/// Compiles only for Sendable values: the filters below are Sendable without `@unchecked`.
private func requireSendable<T: Sendable>(_ value: T) -> T { value }

@Suite("StringFilter and TransformFilter: filters of one's own")
struct StringFilterTests {
    @Test("docs/library.md: a filter of one's own")
    func guideExample() throws {
        struct SuffixFilter: StringFilter {
            let suffix: String
            func apply(to value: String) throws -> String? { value + suffix }
        }
        let chain = FilterChain() <~~ TrimFilter() <~~ SuffixFilter(suffix: "!")
        #expect(try chain.apply(to: "  hi ") == "hi!")
        #expect(try (FilterChain() <~~ TransformFilter { $0.uppercased() }).apply(to: "é") == "É")
    }

    @Test("a struct with apply(to:) gets the original's generic filter(_:_:)")
    func genericFilter() throws {
        let filter = requireSendable(AffixFilter(prefix: "«", suffix: "»"))
        let out: String? = try filter.filter("Zoë", nil)
        #expect(out == "«Zoë»")
        let fromOptional: String? = try filter.filter(Optional("é"), ["ignored": 1])
        #expect(fromOptional == "«é»")
        let notAString: String? = try filter.filter(42, nil)
        #expect(notAString == nil)
        let missing: String? = try filter.filter(String?.none, nil)
        #expect(missing == nil)
        let wrongType: Int? = try filter.filter("x", nil)
        #expect(wrongType == nil)
        #expect(try filter.apply(to: "ß", context: nil) == "«ß»")
        #expect(try filter.apply(to: "") == nil)
    }

    @Test("a user struct in a FilterChain, with <~~, registerFilter and nested chains")
    func inChain() throws {
        let chain =
            FilterChain()
            <~~ TrimFilter()
            <~~ AffixFilter(prefix: "<", suffix: ">")
            <~~ CharCaseFilter(.uppercase)
        #expect(try chain.apply(to: "  straße ") == "<STRASSE>")
        let generic: String? = try chain.filter("  é ", nil)
        #expect(generic == "<É>")
        // nil from the user filter ends the chain: the filters after it do not run.
        #expect(try chain.apply(to: "   ") == nil)

        let outer = FilterChain { $0.registerFilter(AffixFilter(prefix: "", suffix: "!")) } <~~ chain
        #expect(try outer.apply(to: " a") == "<A!>")
    }

    @Test("a user filter's error propagates out of the chain, unchanged")
    func errors() throws {
        let chain = FilterChain() <~~ TrimFilter() <~~ RejectDigits() <~~ CharCaseFilter(.uppercase)
        #expect(try chain.apply(to: " ok ") == "OK")
        #expect(throws: RejectDigits.Found(value: "a1")) { try chain.apply(to: " a1 ") }
        #expect(throws: RejectDigits.Found(value: "٣")) {
            let _: String? = try RejectDigits().filter("٣", nil)
        }
    }

    @Test("TransformFilter runs its closure; nil and errors as a filter's")
    func transform() throws {
        let initials = requireSendable(
            TransformFilter { value in
                String(value.split(separator: " ").compactMap(\.first))
            })
        #expect(try initials.apply(to: "Émile Zola") == "ÉZ")
        let chain = FilterChain() <~~ TrimFilter() <~~ initials <~~ TransformFilter { $0.isEmpty ? nil : $0 }
        #expect(try chain.apply(to: " Ada Lovelace ") == "AL")
        #expect(try chain.apply(to: "   ") == nil)
        let generic: String? = try chain.filter(" Ada ", nil)
        #expect(generic == "A")
        let notAString: String? = try initials.filter(1, nil)
        #expect(notAString == nil)
        #expect(throws: RejectDigits.Found(value: "7")) {
            try TransformFilter { try RejectDigits().apply(to: $0) }.apply(to: "7")
        }
    }

    @Test("a FilterProtocol class of one's own, configured in its closure, Sendable through a Mutex")
    func lockedClass() throws {
        let filter = requireSendable(LockedSuffixFilter { $0.suffix = "!" })
        let chain = FilterChain() <~~ filter
        #expect(try chain.apply(to: "é") == "é!")
        filter.suffix = "?"
        let out: String? = try chain.filter("é", nil)
        #expect(out == "é?")
    }

    @Test("the built-in filters are Sendable without @unchecked and have value initializers")
    func builtInValueForms() throws {
        let filters: [any FilterType] = [
            requireSendable(TrimFilter()),
            requireSendable(StripInvisiblesFilter(keepsWhitespaceControls: false)),
            requireSendable(UnicodeNormalizationFilter(.nfkc)),
            requireSendable(CollapseWhitespaceFilter()),
            requireSendable(ReplaceFilter(.replaceString(searchStr: "ß", replacementStr: "ss"))),
            requireSendable(RegexReplaceFilter(pattern: #"(\d+)"#, replacement: "#$1")),
            requireSendable(CharCaseFilter(.ucwords)),
            requireSendable(DigitsOnlyFilter(convertsToASCII: false)),
        ]
        let chain = requireSendable(FilterChain { chain in filters.forEach(chain.registerFilter) })
        // The trim comes first: the byte order mark hides the leading space from it.
        let withoutDigits = FilterChain { chain in filters.dropLast().forEach(chain.registerFilter) }
        #expect(try withoutDigits.apply(to: "\u{FEFF} ａｂ\tstraße  ٣1 ") == " Abstrasse #٣1")
        #expect(try chain.apply(to: "\u{FEFF} ａｂ\tstraße  ٣1 ") == "٣1")
        #expect(try DigitsOnlyFilter(convertsToASCII: false).apply(to: "a٣1") == "٣1")
        #expect(try StripInvisiblesFilter(keepsWhitespaceControls: false).apply(to: "a\tb\u{200B}") == "ab")
        #expect(try StripInvisiblesFilter(keepsWhitespaceControls: true).apply(to: "a\tb\u{200B}") == "a\tb")
        let strict = ReplaceFilter(
            .replaceRange(advStart: 2, advEnd: 9, replacementStr: "x"), returnInputOnFailure: false)
        #expect(try strict.apply(to: "éé") == nil)
        #expect(try ReplaceFilter(.replaceRange(advStart: 2, advEnd: 9, replacementStr: "x")).apply(to: "éé") == "éé")
    }
}
