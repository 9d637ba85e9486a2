#if canImport(UIKit)
    public import UIKit
#endif

/// Where a ``Suspect``'s evidence comes from: any object with optional text.
///
/// SwiftCop takes a `UITextField`. FastCop takes any class conforming to this protocol, so
/// validations run where UIKit does not exist: ``InputField`` is the portable stand-in, and
/// under UIKit `UITextField` and `UITextView` conform. Views are told apart by identity
/// (`===`), as UIKit's `isEqual:` does for views.
public protocol SuspectView: AnyObject {
    /// The current text; `nil` is judged as the empty string.
    var text: String? { get }
}

#if canImport(UIKit)
    // UIKit's views are main-actor isolated and SwiftCop is used from their action handlers on
    // the main thread. `@preconcurrency` keeps that usage compiling under Swift 6 and checks
    // the isolation at run time instead of rejecting the conformance.

    /// `UITextField` is a suspect view, as in SwiftCop.
    extension UITextField: @preconcurrency SuspectView {}

    /// `UITextView` is a suspect view too (beyond SwiftCop, which only takes text fields).
    extension UITextView: @preconcurrency SuspectView {}
#endif
