/// A typed value: what constraints compare and uniqueness hashes.
///
/// Equality and hashing follow Python's: `1.0` and `1` are equal numbers, times and datetimes
/// with a UTC offset are equal when they are the same instant ("10:00+01:00" == "09:00Z"), and a
/// value without an offset never equals one with an offset.
package enum TypedValue: Sendable, Hashable {
    /// A string (or `any`): the value's text is the value; the pipeline compares the bytes itself.
    case string
    /// An integer in Int64's range (frictionless-py's are unbounded: larger ones are type errors
    /// here, see docs/table-schema-differences.md).
    case integer(Int64)
    /// A number, as the nearest Double (frictionless-py reads a Decimal; the canonical text is
    /// written from the field's text, so it stays exact).
    case number(Double)
    case boolean(Bool)
    /// Days since 1970-01-01 (proleptic Gregorian).
    case date(Int32)
    case time(TimeValue)
    case datetime(DateTimeValue)
    /// 0...9999.
    case year(Int32)
}

/// A time of day (microseconds since midnight, 0..<86_400_000_000), with its UTC offset when
/// the text gave one.
package typealias TimeValue = OffsetMicroseconds

/// A date and time (microseconds of the wall-clock time since 1970-01-01T00:00:00, as if it
/// were UTC), with its UTC offset when the text gave one.
package typealias DateTimeValue = OffsetMicroseconds

/// Microseconds on a clock (a time's since midnight, a datetime's since 1970), and the UTC
/// offset the text gave, if any: the value of both a time and a datetime, compared as Python
/// compares them.
package struct OffsetMicroseconds: Sendable, Hashable {
    package var microseconds: Int64
    /// Seconds east of UTC (UTC itself is 0), or nil when the text gave no offset.
    package var offsetSeconds: Int32?

    package init(microseconds: Int64, offsetSeconds: Int32? = nil) {
        self.microseconds = microseconds
        self.offsetSeconds = offsetSeconds
    }

    /// What Python compares: the value less its offset (the instant of one with an offset, the
    /// wall time of one without; a time does not wrap around midnight).
    var comparable: Int64 { microseconds - Int64(offsetSeconds ?? 0) * 1_000_000 }

    package static func == (lhs: OffsetMicroseconds, rhs: OffsetMicroseconds) -> Bool {
        (lhs.offsetSeconds == nil) == (rhs.offsetSeconds == nil) && lhs.comparable == rhs.comparable
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(offsetSeconds == nil)
        hasher.combine(comparable)
    }
}

/// The order of two typed values.
package enum ValueOrder: Sendable, Equatable {
    case less, equal, greater

    init<T: Comparable>(_ a: T, _ b: T) {
        self = a < b ? .less : (a == b ? .equal : .greater)
    }
}

extension TypedValue {
    /// The order of `self` and `other` for `minimum`/`maximum`, or nil when they cannot be
    /// ordered: different kinds, strings (the pipeline compares their bytes), booleans, NaN, or a
    /// time or datetime with an offset against one without (Python raises TypeError there;
    /// frictionless-py reports the constraint as failed, so treat nil as a failed constraint).
    package func compare(to other: TypedValue) -> ValueOrder? {
        switch (self, other) {
        case (.integer(let a), .integer(let b)): return ValueOrder(a, b)
        case (.number(let a), .number(let b)):
            if a.isNaN || b.isNaN { return nil }
            return ValueOrder(a, b)
        case (.integer(let a), .number(let b)):
            if b.isNaN { return nil }
            return ValueOrder(Double(a), b)
        case (.number(let a), .integer(let b)):
            if a.isNaN { return nil }
            return ValueOrder(a, Double(b))
        case (.date(let a), .date(let b)): return ValueOrder(a, b)
        case (.year(let a), .year(let b)): return ValueOrder(a, b)
        case (.time(let a), .time(let b)), (.datetime(let a), .datetime(let b)):
            guard (a.offsetSeconds == nil) == (b.offsetSeconds == nil) else { return nil }
            return ValueOrder(a.comparable, b.comparable)
        default: return nil
        }
    }
}
