public import Foundation

extension Validation where Value == String {
    /// Passes when the string is an absolute URL with a scheme and a host, by Foundation's
    /// `URL(string:)` (the rule of ``Trial/url``): "https://example.com/a" passes,
    /// "example.com" and "mailto:ada@example.com" do not. Default message: "Is not a valid
    /// URL". (FastCop addition.)
    public static func url(message: String? = nil) -> Validation<String> {
        passing(Trial.url, message: message ?? "Is not a valid URL")
    }

    /// Passes when every Unicode scalar of the string is in `set` (the rule of
    /// ``Trial/characterSet(_:)``); "" passes. Unicode-aware: Foundation's sets cover every
    /// script. Default message: "Contains characters that are not allowed". (FastCop addition.)
    public static func characterSet(_ set: CharacterSet, message: String? = nil) -> Validation<String> {
        passing(Trial.characterSet(set), message: message ?? "Contains characters that are not allowed")
    }

    /// Passes when the string holds only letters, combining marks and digits of any script
    /// (the rule of ``Trial/alphanumeric``: "Zoë", "名前" and "٣" pass, "a b" and "a_b" do not);
    /// "" passes. Unicode-aware, unlike Vapor's ASCII-only `.alphanumeric`. Default message:
    /// "Should contain only letters and digits". (FastCop addition.)
    public static func alphanumeric(message: String? = nil) -> Validation<String> {
        passing(Trial.alphanumeric, message: message ?? "Should contain only letters and digits")
    }

    /// A validation that throws `message` when the trial, which never throws, rejects.
    private static func passing(_ trial: ClosureTrial, message: String) -> Validation<String> {
        let judge = trial.makeEvaluator()
        let error = ValidationError(description: message)
        return Validation { value in
            guard (try? judge(value)) == true else { throw error }
        }
    }
}
