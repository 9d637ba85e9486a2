import Foundation

extension Trial {
    /// Passes when the evidence is an absolute URL with a scheme and a host, by Foundation's
    /// parser: `URL(string:)` accepts it, and the URL has a non-empty `scheme` and a non-empty
    /// `host`. The rule of Vapor's `.url`.
    ///
    /// ```swift
    /// Trial.url.trial()("https://example.com/a?b=c")   // true
    /// Trial.url.trial()("example.com")                 // false: no scheme
    /// Trial.url.trial()("mailto:ada@example.com")      // false: no host
    /// ```
    ///
    /// Any scheme is accepted (`ftp://files.example.org`); combine with ``format(_:)`` or
    /// ``oneOf(_:)`` to restrict it. Whatever `URL(string:)` accepts is accepted as it is,
    /// without trimming. (FastCop addition.)
    public static var url: ClosureTrial {
        ClosureTrial { URLRule.admits($0) }
    }
}

/// The rule of ``Trial/url`` and `Validation.url(message:)`.
enum URLRule {
    /// Whether `URL(string:)` accepts `text` and the URL has a scheme and a host.
    static func admits(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty,
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
