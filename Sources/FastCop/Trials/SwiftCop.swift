/// Keeps suspects under watch and says which of them are guilty.
///
/// Mirrors SwiftCop's `SwiftCop` class:
///
/// ```swift
/// let cop = SwiftCop()
/// let email = InputField(text: "ada@example")
/// cop.addSuspect(Suspect(view: email, sentence: "Invalid email", trial: Trial.email))
/// cop.anyGuilty()                   // true
/// cop.isGuilty(email)?.verdict()    // "Invalid email"
/// ```
///
/// Suspects are judged on each call, against their views' current text. The class is `open`
/// as in SwiftCop, and not `Sendable`: like the views it watches, it belongs to one thread
/// (the main thread in an app). The trials themselves are `Sendable`.
open class SwiftCop {
    /// The suspects, in the order they were added (duplicates kept).
    public internal(set) var suspects: [Suspect] = []

    /// Creates a cop with no suspects.
    public init() {}

    /// Puts a suspect under watch.
    ///
    /// Mirrors SwiftCop's `addSuspect(_:)`.
    open func addSuspect(_ suspect: Suspect) {
        suspects.append(suspect)
    }

    /// Whether at least one suspect is guilty.
    ///
    /// Mirrors SwiftCop's `anyGuilty()`. Stops at the first guilty suspect.
    open func anyGuilty() -> Bool {
        suspects.contains { $0.isGuilty() }
    }

    /// The guilty suspects, in the order they were added.
    ///
    /// Mirrors SwiftCop's `allGuilties()`.
    open func allGuilties() -> [Suspect] {
        suspects.filter { $0.isGuilty() }
    }

    /// The first guilty suspect watching `view` (compared by identity), or `nil` when the view
    /// has no suspects or none of them is guilty.
    ///
    /// Mirrors SwiftCop's `isGuilty(_:)`, which despite its name returns the suspect, so that
    /// `cop.isGuilty(field)?.verdict()` gives the message to show beside the field.
    open func isGuilty(_ view: any SuspectView) -> Suspect? {
        suspects.first { $0.view === view && $0.isGuilty() }
    }
}
