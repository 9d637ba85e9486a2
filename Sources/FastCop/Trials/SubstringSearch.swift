import Foundation

/// The substring test of ``Trial/inclusion(_:)`` and ``Trial/exclusion(_:)``, with the
/// semantics of SwiftCop's `evidence.range(of: element) != nil` (Foundation, no options).
///
/// Foundation's search is case-sensitive and compares canonically equivalent text as equal:
/// "café" with a precomposed é contains "e\u{301}", "Å" (U+212B) contains "Å" (U+00C5), but
/// "cafe\u{301}" does not contain "e" (the match would end inside a combining sequence). An
/// empty element is never found. When both strings are ASCII none of that can happen, and the
/// test is a plain byte search, about ten times faster than Foundation's; otherwise Foundation
/// decides.
struct SubstringSearch: Sendable {
    private struct Element: Sendable {
        var text: String
        var isASCII: Bool
    }

    private let elements: [Element]

    /// Prepares the search for `elements`, in order; empty elements are dropped (never found).
    init(_ elements: [String]) {
        self.elements = elements.filter { !$0.isEmpty }.map {
            Element(text: $0, isASCII: SubstringSearch.isASCII($0))
        }
    }

    /// Whether any element occurs in `evidence`; tries the elements in order and stops at the
    /// first found.
    func isAnyFound(in evidence: String) -> Bool {
        guard !elements.isEmpty, !evidence.isEmpty else { return false }
        let evidenceIsASCII = SubstringSearch.isASCII(evidence)
        for element in elements {
            let found =
                evidenceIsASCII && element.isASCII
                ? SubstringSearch.bytes(of: evidence, contain: element.text)
                : evidence.range(of: element.text) != nil
            if found { return true }
        }
        return false
    }

    static func isASCII(_ string: String) -> Bool {
        UTF8Access.with(string) { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
    }

    /// Whether the UTF-8 of `needle` (not empty) occurs in the UTF-8 of `haystack`.
    static func bytes(of haystack: String, contain needle: String) -> Bool {
        UTF8Access.with(haystack) { haystack in
            UTF8Access.with(needle) { needle in contains(haystack, needle) }
        }
    }

    /// Whether `needle` (not empty) occurs in `haystack`, byte for byte.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        search: while start <= last {
            if haystack[start] == first {
                for offset in 1..<needle.count where haystack[start + offset] != needle[offset] {
                    start += 1
                    continue search
                }
                return true
            }
            start += 1
        }
        return false
    }
}
