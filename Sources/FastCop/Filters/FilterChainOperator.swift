/// The precedence of ``<~~(_:_:)``: left-associative, looser than everything but assignment
/// (SwiftFilter declared `associativity left precedence 100`, the level of the ternary
/// operator in Swift 2).
precedencegroup FilterChainPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// Adds a filter to a chain: `FilterChain() <~~ TrimFilter() <~~ DigitsOnlyFilter()`.
infix operator <~~ : FilterChainPrecedence

/// Adds `rhs` to the chain `lhs` and returns `lhs`, so that additions can be chained.
///
/// Mirrors SwiftFilter's `<~~` (internal there). The chain is changed in place: `chain <~~ X()`
/// as a statement adds `X()` to `chain`.
///
/// ```swift
/// let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter { $0.charCase = .ucwords }
/// ```
@discardableResult
public func <~~ (lhs: FilterChain, rhs: some FilterType) -> FilterChain {
    lhs.registerFilter(rhs)
    return lhs
}
