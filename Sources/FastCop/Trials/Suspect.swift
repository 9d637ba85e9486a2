/// A text source, the trial its text must pass, and the sentence to show when it does not.
///
/// Mirrors SwiftCop's `Suspect`, with ``SuspectView`` (``InputField`` on Linux, `UITextField`
/// or `UITextView` under UIKit) in place of `UITextField`:
///
/// ```swift
/// let password = InputField(text: "abc")
/// let suspect = Suspect(view: password, sentence: "Minimum 4 Characters",
///                       trial: Trial.length(.minimum, 4))
/// suspect.isGuilty()   // true
/// suspect.verdict()    // "Minimum 4 Characters"
/// ```
///
/// The text is read from the view each time the suspect is judged, so later edits count.
public struct Suspect {
    /// The source of the evidence.
    public private(set) var view: any SuspectView
    /// The text to show when the suspect is guilty.
    public private(set) var sentence: String
    /// The predicate: `true` when the evidence is valid.
    private let trial: (_ evidence: String) -> Bool

    /// Creates a suspect judged by a closure that returns `true` for valid evidence.
    ///
    /// Mirrors SwiftCop's `init(view:sentence:trial:)`; the closure may trail:
    ///
    /// ```swift
    /// Suspect(view: fullName, sentence: "More Than Two Words Needed") {
    ///     $0.components(separatedBy: " ").filter { $0 != "" }.count >= 2
    /// }
    /// ```
    public init(view: any SuspectView, sentence: String, trial: @escaping (_ evidence: String) -> Bool) {
        self.view = view
        self.sentence = sentence
        self.trial = trial
    }

    /// Creates a suspect judged by a trial, prepared once here (`trial.trial()`).
    ///
    /// Mirrors SwiftCop's `init(view:sentence:trial:)` taking a `TrialProtocol`.
    public init(view: any SuspectView, sentence: String, trial: any TrialProtocol) {
        self.init(view: view, sentence: sentence, trial: trial.trial())
    }

    /// Creates a suspect judged by one of FastCop's trials, so that the trial can be written
    /// `.email` or `.length(.minimum, 4)`.
    public init(view: any SuspectView, sentence: String, trial: Trial) {
        self.init(view: view, sentence: sentence, trial: trial.trial())
    }

    /// Whether the view's current text fails the trial (`nil` text is judged as "").
    ///
    /// Mirrors SwiftCop's `Suspect.isGuilty()`.
    public func isGuilty() -> Bool {
        !trial(view.text ?? "")
    }

    /// The ``sentence`` when the suspect is guilty, "" when it is innocent.
    ///
    /// Mirrors SwiftCop's `Suspect.verdict()`.
    public func verdict() -> String {
        isGuilty() ? sentence : ""
    }
}
