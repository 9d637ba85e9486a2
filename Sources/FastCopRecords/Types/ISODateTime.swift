/// The default formats of date, time and datetime fields, as frictionless-py 5.21 reads them.
///
/// - date: `strptime(text, "%Y-%m-%d")` (so "2024-1-5" is a date); the common "YYYY-MM-DD" is
///   read here directly, the rest by `StrptimeFormat`.
/// - time: dateutil's `isoparse("2000-01-01T" + text)` after frictionless-py's guard (the sixth
///   character is ":" and there are at least eight): "HH:MM:SS", a fraction after "." or ","
///   (any number of digits, the first six kept), then "Z", "z", "±HH", "±HHMM" or "±HH:MM"; a zero
///   offset is UTC; "24:00:00" is midnight.
/// - datetime: dateutil's `isoparse(text)` after the guard (the seventeenth character is ":" and
///   there are at least nineteen), with the date as "YYYY-MM-DD", then any one ASCII character,
///   then the time as above ("24:00:00" is the next day's midnight).
enum ISODateTime {
    /// Days since 1970-01-01 of "YYYY-MM-DD" exactly; nil for anything else (which may still be
    /// a date to `strptime`).
    @inline(__always)
    static func quickDate(_ text: UnsafeBufferPointer<UInt8>) -> Int32?? {
        guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            let year = digits(text, 0, 4), let month = digits(text, 5, 2), let day = digits(text, 8, 2)
        else { return .none }
        guard CivilCalendar.isValid(year, month, day) else { return .some(nil) }
        return Int32(CivilCalendar.days(year, month, day))
    }

    /// The value of exactly `count` ASCII digits at `start`.
    @inline(__always)
    static func digits(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= text.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let digit = text[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// A time in frictionless-py's default format.
    static func time(_ text: UnsafeBufferPointer<UInt8>) -> TimeValue? {
        guard text.count >= 8, text[5] == UInt8(ascii: ":"),
            let parsed = isoTime(text, from: 0)
        else { return nil }
        return TimeValue(microseconds: parsed.microseconds % 86_400_000_000, offsetSeconds: parsed.offset)
    }

    /// A datetime in frictionless-py's default format.
    static func datetime(_ text: UnsafeBufferPointer<UInt8>) -> DateTimeValue? {
        guard text.count >= 19, text[16] == UInt8(ascii: ":"), text[4] == UInt8(ascii: "-"),
            text[7] == UInt8(ascii: "-"), text[10] < 0x80,
            let year = digits(text, 0, 4), let month = digits(text, 5, 2), let day = digits(text, 8, 2),
            CivilCalendar.isValid(year, month, day),
            let parsed = isoTime(text, from: 11)
        else { return nil }
        let days = CivilCalendar.days(year, month, day)
        // "9999-12-31T24:00:00" is past Python's last datetime.
        if parsed.microseconds >= 86_400_000_000, year == 9999, month == 12, day == 31 { return nil }
        return DateTimeValue(
            microseconds: Int64(days) * 86_400_000_000 + parsed.microseconds, offsetSeconds: parsed.offset)
    }

    /// dateutil's `_parse_isotime` from `start` to the end: microseconds since midnight (86_400_000_000
    /// for "24:00:00") and the offset.
    static func isoTime(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> (microseconds: Int64, offset: Int32?)? {
        if let quick = quickTime(text, from: start) { return quick }
        let end = text.count
        guard end - start >= 2 else { return nil }
        var components = (hour: 0, minute: 0, second: 0, microsecond: 0)
        var offset: Int32? = nil
        var position = start
        var component = -1
        var hasSeparator = false
        while position < end, component < 5 {
            component += 1
            let byte = text[position]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "Z")
                || byte == UInt8(ascii: "z")
            {
                guard let zone = isoOffset(text, from: position) else { return nil }
                offset = zone
                position = end
                break
            }
            if component == 1, byte == UInt8(ascii: ":") {
                hasSeparator = true
                position += 1
            } else if component == 2, hasSeparator {
                guard byte == UInt8(ascii: ":") else { return nil }
                position += 1
            }
            if component < 3 {
                guard let value = digits(text, position, 2) else { return nil }
                switch component {
                case 0: components.hour = value
                case 1: components.minute = value
                default: components.second = value
                }
                position += 2
            }
            if component == 3 {
                guard position < end, text[position] == UInt8(ascii: ".") || text[position] == UInt8(ascii: ",")
                else { continue }
                var j = position + 1
                var micro = 0
                var count = 0
                while j < end, PythonText.isDigit(text[j]) {
                    if count < 6 {
                        micro = micro * 10 + Int(text[j] &- 0x30)
                        count += 1
                    }
                    j += 1
                }
                guard count > 0 else { continue }
                for _ in count..<6 { micro *= 10 }
                components.microsecond = micro
                position = j
            }
        }
        guard position >= end else { return nil }
        if components.hour == 24 {
            guard components.minute == 0, components.second == 0, components.microsecond == 0 else { return nil }
        } else {
            guard components.hour <= 23 else { return nil }
        }
        guard components.minute <= 59, components.second <= 59 else { return nil }
        let seconds = Int64(components.hour * 3600 + components.minute * 60 + components.second)
        return (seconds * 1_000_000 + Int64(components.microsecond), offset)
    }

    /// ``isoTime(_:from:)`` of the common "HH:MM:SS" and "HH:MM:SSZ" (or "z") directly; `.none`
    /// for any other form, which the general reading decides.
    @inline(__always)
    private static func quickTime(_ text: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (microseconds: Int64, offset: Int32?)??
    {
        let length = text.count - start
        guard length == 8 || (length == 9 && text[start + 8] | 0x20 == UInt8(ascii: "z")),
            text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":"),
            let hour = digits(text, start, 2), let minute = digits(text, start + 3, 2),
            let second = digits(text, start + 6, 2)
        else { return .none }
        guard minute <= 59, second <= 59, hour <= 23 || (hour == 24 && minute == 0 && second == 0) else {
            return .some(nil)
        }
        return (Int64(hour * 3600 + minute * 60 + second) * 1_000_000, length == 9 ? 0 : nil)
    }

    /// dateutil's `_parse_tzstr`: "Z", "z", "±HH", "±HHMM", "±HH:MM" to the end of the text.
    static func isoOffset(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int32? {
        let length = text.count - start
        if length == 1, text[start] | 0x20 == UInt8(ascii: "z") { return 0 }
        guard length == 3 || length == 5 || length == 6 else { return nil }
        let sign: Int32
        switch text[start] {
        case UInt8(ascii: "-"): sign = -1
        case UInt8(ascii: "+"): sign = 1
        default: return nil
        }
        guard let hours = digits(text, start + 1, 2) else { return nil }
        var minutes = 0
        if length > 3 {
            let position = text[start + 3] == UInt8(ascii: ":") ? start + 4 : start + 3
            guard text.count == position + 2, let value = digits(text, position, 2) else { return nil }
            minutes = value
        }
        if hours == 0, minutes == 0 { return 0 }
        guard minutes <= 59, hours <= 23 else { return nil }
        return sign * Int32(hours * 3600 + minutes * 60)
    }
}
