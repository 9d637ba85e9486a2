/// A minimal text source: the stand-in for `UITextField` where UIKit does not exist.
///
/// ```swift
/// let email = InputField()
/// cop.addSuspect(Suspect(view: email, sentence: "Invalid email", trial: Trial.email))
/// email.text = "ada@example.com"
/// cop.isGuilty(email)   // nil
/// ```
///
/// Like SwiftCop's `UITextField`, it is a reference: suspects read its text when judged, so
/// later edits count. Two fields are equal only when they are the same object.
public final class InputField: SuspectView {
    /// The current text; `nil` is judged as the empty string.
    public var text: String?

    /// Creates a field holding `text`.
    public init(text: String? = nil) {
        self.text = text
    }
}

extension InputField: Hashable {
    /// Identity, as UIKit views compare: the same field, not the same text.
    public static func == (lhs: InputField, rhs: InputField) -> Bool {
        lhs === rhs
    }

    /// Hashes the field's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension InputField: CustomStringConvertible {
    /// The text, quoted, or `nil`.
    public var description: String {
        text.map { "InputField(\($0.debugDescription))" } ?? "InputField(nil)"
    }
}
