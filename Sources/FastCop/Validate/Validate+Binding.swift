#if canImport(SwiftUI)
    public import SwiftUI

    extension Validate where Value: Sendable {
        /// A SwiftUI binding that reads and sets ``wrappedValue`` (so setting validates).
        ///
        /// Mirrors Validate's `binding`. Only where SwiftUI exists; FastCop does not make the
        /// wrapper a `DynamicProperty`, so use ``onErrorsChange(_:)`` to refresh a view.
        public var binding: Binding<Value> {
            Binding(
                get: { self.wrappedValue },
                set: { self.wrappedValue = $0 })
        }
    }
#endif
