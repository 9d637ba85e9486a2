/// A date/time `format` pattern, read as Python 3.11's `datetime.strptime` reads it in the C
/// locale (what frictionless-py does with a date, time or datetime field's format).
///
/// Python turns the format into a regular expression (case-insensitive, each directive a group,
/// each run of whitespace `\s+`), takes its first match at the start of the text and then
/// requires the whole text to be consumed. This type does the same with a small backtracking
/// matcher over the format's pieces, in the same priority order as Python's alternatives (so "%d"
/// takes "12" before "1"), then Python's rules for the values.
///
/// Supported directives: `%Y %y %m %d %H %I %M %S %f %j %b %B %a %A %p %z %Z %w %u %c %x %X %%`.
/// `%U %W %G %V` and anything else are refused (`TypeFormatError`); so is a directive given
/// twice (Python fails on every value there).
struct StrptimeFormat: Sendable {
    enum Directive: Sendable, Equatable {
        case year4, year2, month, monthName, monthAbbreviation, day, hour24, hour12, minute, second
        case fraction, dayOfYear, weekdayName, weekdayAbbreviation, amPM, offset, zoneName
        case weekdayFromSunday, weekdayFromMonday

        /// The values a two-digit number of the directive may hold (Python's regex for it);
        /// nil for a directive that is not a two-digit number.
        var twoDigits: ClosedRange<Int>? {
            switch self {
            case .month, .hour12: return 1...12
            case .day: return 1...31
            case .hour24: return 0...23
            case .minute: return 0...59
            case .second: return 0...61
            default: return nil
            }
        }
    }

    enum Piece: Sendable, Equatable {
        /// One byte of the format, matched ASCII case-insensitively (stored lowercased).
        case literal(UInt8)
        /// A run of whitespace in the format: one or more whitespace characters.
        case whitespace
        case directive(Directive)
    }

    let pieces: [Piece]
    /// Whether the format has `%z` (its values carry a UTC offset).
    let hasOffset: Bool
    /// For a format of fixed-width numbers and punctuation only (`%d/%m/%Y`, `%Y-%m-%d
    /// %H:%M:%S`): each piece's width, for the fast path of ``parse(_:)``; nil otherwise.
    let fixedWidths: [Int]?
    /// The sum of ``fixedWidths``.
    let fixedLength: Int

    init(_ format: String) throws(TypeFormatError) {
        var pieces: [Piece] = []
        var seen: [Character] = []
        try Self.compile(Array(format.utf8), format: format, into: &pieces, seen: &seen)
        self.pieces = pieces
        hasOffset = pieces.contains(.directive(.offset))
        var widths: [Int]? = []
        for piece in pieces {
            switch piece {
            case .directive(.year4): widths?.append(4)
            case .directive(.month), .directive(.day), .directive(.hour24), .directive(.minute),
                .directive(.second):
                widths?.append(2)
            case .literal(let byte)
            where byte < 0x80 && !PythonText.isDigit(byte)
                && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) && byte != UInt8(ascii: " "):
                widths?.append(1)
            default: widths = nil
            }
        }
        fixedWidths = widths
        fixedLength = widths?.reduce(0, +) ?? 0
    }

    private static func compile(
        _ bytes: [UInt8], format: String, into pieces: inout [Piece], seen: inout [Character]
    ) throws(TypeFormatError) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let space = bytes.withUnsafeBufferPointer { PythonText.spaceWidth(startingAt: i, in: $0, end: $0.count) }
            if space > 0 {
                if pieces.last != .whitespace { pieces.append(.whitespace) }
                i += space
                continue
            }
            guard byte == UInt8(ascii: "%") else {
                pieces.append(.literal(PythonText.lower(byte)))
                i += 1
                continue
            }
            guard i + 1 < bytes.count else {
                throw TypeFormatError("the date/time format \"\(format)\" ends with a lone %")
            }
            let letter = Character(Unicode.Scalar(bytes[i + 1]))
            i += 2
            let directive: Directive
            switch letter {
            case "%":
                pieces.append(.literal(UInt8(ascii: "%")))
                continue
            case "c":
                try compile(Array("%a %b %d %H:%M:%S %Y".utf8), format: format, into: &pieces, seen: &seen)
                continue
            case "x":
                try compile(Array("%m/%d/%y".utf8), format: format, into: &pieces, seen: &seen)
                continue
            case "X":
                try compile(Array("%H:%M:%S".utf8), format: format, into: &pieces, seen: &seen)
                continue
            case "Y": directive = .year4
            case "y": directive = .year2
            case "m": directive = .month
            case "B": directive = .monthName
            case "b": directive = .monthAbbreviation
            case "d": directive = .day
            case "H": directive = .hour24
            case "I": directive = .hour12
            case "M": directive = .minute
            case "S": directive = .second
            case "f": directive = .fraction
            case "j": directive = .dayOfYear
            case "A": directive = .weekdayName
            case "a": directive = .weekdayAbbreviation
            case "p": directive = .amPM
            case "z": directive = .offset
            case "Z": directive = .zoneName
            case "w": directive = .weekdayFromSunday
            case "u": directive = .weekdayFromMonday
            case "U", "W", "G", "V":
                throw TypeFormatError(
                    "the week directive %\(letter) in the date/time format \"\(format)\" is not supported")
            default:
                let shown = bytes[i - 1] < 0x80 ? "%\(letter)" : "%"
                throw TypeFormatError("unknown directive \(shown) in the date/time format \"\(format)\"")
            }
            if seen.contains(letter) {
                throw TypeFormatError("the directive %\(letter) appears twice in the date/time format \"\(format)\"")
            }
            seen.append(letter)
            pieces.append(.directive(directive))
        }
    }

    /// The fields a match gives, before Python's rules turn them into a date and time.
    struct Fields {
        var year = 1900, month = 1, day = 1, hour = 0, minute = 0, second = 0, microsecond = 0
        var dayOfYear: Int? = nil
        var offsetSeconds: Int32? = nil
    }

    /// Reads `text` with the format: nil when it does not match, leaves text over, or names a
    /// date or time that does not exist.
    func parse(_ text: UnsafeBufferPointer<UInt8>) -> (days: Int, microseconds: Int64, offset: Int32?)? {
        if let fields = fixedFields(text) { return Self.finish(fields) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pieces.count * 2 + 1) { spans in
            guard let end = match(0, 0, text, spans), end == text.count else { return nil }
            return evaluate(text, spans)
        }
    }

    /// The fast path of a fixed-width format (``fixedWidths``): when every number has its full
    /// width and a value its two digits may hold, and every separator is in place, the matcher's
    /// first choice at each piece is the match (Python's regex tries two digits first), so the
    /// fields are read without it. Nil leaves the text to ``match(_:_:_:_:)``.
    @inline(__always)
    private func fixedFields(_ text: UnsafeBufferPointer<UInt8>) -> Fields? {
        guard let widths = fixedWidths, text.count == fixedLength else { return nil }
        var fields = Fields()
        var position = 0
        for index in pieces.indices {
            let width = widths[index]
            switch pieces[index] {
            case .literal(let byte):
                guard text[position] == byte else { return nil }
            case .directive(let directive):
                var number = 0
                for offset in 0..<width {
                    let digit = text[position + offset] &- 0x30
                    guard digit < 10 else { return nil }
                    number = number * 10 + Int(digit)
                }
                if directive != .year4, directive.twoDigits?.contains(number) != true { return nil }
                switch directive {
                case .year4: fields.year = number
                case .month: fields.month = number
                case .day: fields.day = number
                case .hour24: fields.hour = number
                case .minute: fields.minute = number
                case .second: fields.second = number
                default: return nil
                }
            case .whitespace:
                return nil
            }
            position += width
        }
        return fields
    }

    /// The end of the first match (in Python's priority order) of pieces `index...` at `position`,
    /// recording each directive's span in `spans`.
    private func match(
        _ index: Int, _ position: Int, _ text: UnsafeBufferPointer<UInt8>, _ spans: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        if index == pieces.count { return position }
        var k = 0
        while let length = candidate(pieces[index], k, text, position) {
            k += 1
            spans[2 * index] = position
            spans[2 * index + 1] = length
            if let end = match(index + 1, position + length, text, spans) { return end }
        }
        return nil
    }

    /// The length of the `k`-th way (in Python's regex priority) piece can match at `i`, or nil.
    private func candidate(_ piece: Piece, _ k: Int, _ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let end = text.count
        @inline(__always) func digits(_ n: Int) -> Int? {
            guard i + n <= end else { return nil }
            var value = 0
            for j in i..<(i + n) {
                guard PythonText.isDigit(text[j]) else { return nil }
                value = value * 10 + Int(text[j] &- 0x30)
            }
            return value
        }
        /// The k-th of "two digits in range2, else one digit in range1".
        @inline(__always) func twoThenOne(_ range2: ClosedRange<Int>, _ range1: ClosedRange<Int>) -> Int? {
            var options = 0
            if let two = digits(2), range2.contains(two) {
                if k == 0 { return 2 }
                options = 1
            }
            if let one = digits(1), range1.contains(one), k == options { return 1 }
            return nil
        }
        switch piece {
        case .literal(let byte):
            return k == 0 && i < end && PythonText.lower(text[i]) == byte ? 1 : nil
        case .whitespace:
            var ends = i
            while ends < end {
                let width = PythonText.spaceWidth(startingAt: ends, in: text, end: end)
                if width == 0 { break }
                ends += width
            }
            for _ in 0..<k {
                guard ends > i else { return nil }
                ends -= PythonText.spaceWidth(endingAt: ends, in: text, start: i)
            }
            return ends > i ? ends - i : nil
        case .directive(let directive):
            switch directive {
            case .year4: return k == 0 && digits(4) != nil ? 4 : nil
            case .year2: return k == 0 && digits(2) != nil ? 2 : nil
            case .month, .hour12: return twoThenOne(directive.twoDigits!, 1...9)
            case .day:
                var options = 0
                if let two = digits(2), directive.twoDigits!.contains(two) {
                    if k == 0 { return 2 }
                    options += 1
                }
                if let one = digits(1), one >= 1 {
                    if k == options { return 1 }
                    options += 1
                }
                if k == options, i + 1 < end, text[i] == UInt8(ascii: " "), text[i + 1] &- 0x31 < 9 { return 2 }
                return nil
            case .hour24, .minute, .second: return twoThenOne(directive.twoDigits!, 0...9)
            case .dayOfYear:
                var options = 0
                if let three = digits(3), (1...366).contains(three) {
                    if k == 0 { return 3 }
                    options += 1
                }
                if let two = digits(2), two >= 1 {
                    if k == options { return 2 }
                    options += 1
                }
                if let one = digits(1), one >= 1, k == options { return 1 }
                return nil
            case .fraction:
                var n = 0
                while n < 6, i + n < end, PythonText.isDigit(text[i + n]) { n += 1 }
                return k < n ? n - k : nil
            case .weekdayFromSunday: return k == 0 && i < end && text[i] &- 0x30 <= 6 ? 1 : nil
            case .weekdayFromMonday: return k == 0 && i < end && text[i] &- 0x31 < 7 ? 1 : nil
            case .monthName, .monthAbbreviation, .weekdayName, .weekdayAbbreviation, .amPM, .zoneName:
                guard k == 0, let (_, length) = Self.name(directive, text, i) else { return nil }
                return length
            case .offset: return offsetCandidate(k, text, i)
            }
        }
    }

    /// `%z`: `[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|Z`, its ways in priority order.
    private func offsetCandidate(_ k: Int, _ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let end = text.count
        func isDigit(_ j: Int, upTo limit: UInt8 = 9) -> Bool { j < end && text[j] &- 0x30 <= limit }
        guard i < end else { return nil }
        if text[i] == UInt8(ascii: "Z") { return k == 0 ? 1 : nil }
        guard text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-"), isDigit(i + 1), isDigit(i + 2) else {
            return nil
        }
        var j = i + 3
        if j < end, text[j] == UInt8(ascii: ":") { j += 1 }
        guard isDigit(j, upTo: 5), isDigit(j + 1) else { return nil }
        let base = j + 2
        var g = base
        if g < end, text[g] == UInt8(ascii: ":") { g += 1 }
        guard isDigit(g, upTo: 5), isDigit(g + 1) else { return k == 0 ? base - i : nil }
        g += 2
        var n = 0
        if g < end, text[g] == UInt8(ascii: ".") {
            while n < 6, isDigit(g + 1 + n) { n += 1 }
        }
        if k < n { return g + 1 + n - k - i }
        if k == n { return g - i }
        if k == n + 1 { return base - i }
        return nil
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ].map { Array($0.utf8) }
    private static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .map { Array($0.utf8) }

    private static let amPM = [Array("am".utf8), Array("pm".utf8)]
    private static let zoneNames = [Array("utc".utf8), Array("gmt".utf8)]

    /// The index and length of the C-locale name at `i` (case-insensitive).
    private static func name(_ directive: Directive, _ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Int, Int)? {
        func follows(_ name: ArraySlice<UInt8>) -> Bool {
            guard i + name.count <= text.count else { return false }
            var j = i
            for byte in name {
                guard PythonText.lower(text[j]) == byte else { return false }
                j += 1
            }
            return true
        }
        let names: [[UInt8]]
        var abbreviated = false
        switch directive {
        case .monthName: names = monthNames
        case .monthAbbreviation: (names, abbreviated) = (monthNames, true)
        case .weekdayName: names = weekdayNames
        case .weekdayAbbreviation: (names, abbreviated) = (weekdayNames, true)
        case .amPM: names = amPM
        default: names = zoneNames
        }
        for (index, name) in names.enumerated() {
            let wanted = abbreviated ? name.prefix(3) : name[...]
            if follows(wanted) { return (index, wanted.count) }
        }
        return nil
    }

    /// Python's rules on the matched fields (3.11 `_strptime`): the later of two directives for
    /// the same field wins, `%y` 69-99 is 19xx, `%I` is AM without `%p`, `%j` overrides month and
    /// day, the year defaults to 1900; then the date and time must exist.
    private func evaluate(
        _ text: UnsafeBufferPointer<UInt8>, _ spans: UnsafeMutableBufferPointer<Int>
    ) -> (days: Int, microseconds: Int64, offset: Int32?)? {
        var fields = Fields()
        var pm: Bool? = nil
        for (index, piece) in pieces.enumerated() {
            if case .directive(.amPM) = piece {
                pm = Self.name(.amPM, text, spans[2 * index])?.0 == 1
            }
        }
        for (index, piece) in pieces.enumerated() {
            guard case .directive(let directive) = piece else { continue }
            let start = spans[2 * index]
            let length = spans[2 * index + 1]
            var number = 0
            for j in start..<(start + length) where PythonText.isDigit(text[j]) {
                number = number * 10 + Int(text[j] &- 0x30)
            }
            switch directive {
            case .year4: fields.year = number
            case .year2: fields.year = number <= 68 ? 2000 + number : 1900 + number
            case .month: fields.month = number
            case .monthName, .monthAbbreviation: fields.month = Self.name(directive, text, start)!.0 + 1
            case .day: fields.day = number
            case .hour24: fields.hour = number
            case .hour12:
                if pm == true {
                    fields.hour = number == 12 ? 12 : number + 12
                } else {
                    fields.hour = number == 12 ? 0 : number
                }
            case .minute: fields.minute = number
            case .second: fields.second = number
            case .fraction:
                var micro = number
                for _ in length..<6 { micro *= 10 }
                fields.microsecond = micro
            case .dayOfYear: fields.dayOfYear = number
            case .offset:
                guard let offset = Self.offsetSeconds(text, start, length) else { return nil }
                fields.offsetSeconds = offset
            case .weekdayName, .weekdayAbbreviation, .amPM, .zoneName, .weekdayFromSunday, .weekdayFromMonday:
                break
            }
        }
        return Self.finish(fields)
    }

    /// The date and time of a match's `fields` by Python's rules; nil when they name none.
    @inline(__always)
    private static func finish(_ fields: Fields) -> (days: Int, microseconds: Int64, offset: Int32?)? {
        let days: Int
        if let dayOfYear = fields.dayOfYear {
            guard fields.year >= 1 else { return nil }
            days = CivilCalendar.days(fields.year, 1, 1) + dayOfYear - 1
            guard CivilCalendar.civil(days).year <= 9999 else { return nil }
        } else {
            guard CivilCalendar.isValid(fields.year, fields.month, fields.day) else { return nil }
            days = CivilCalendar.days(fields.year, fields.month, fields.day)
        }
        guard fields.second <= 59 else { return nil }
        let seconds = Int64(fields.hour * 3600 + fields.minute * 60 + fields.second)
        return (days, seconds * 1_000_000 + Int64(fields.microsecond), fields.offsetSeconds)
    }

    /// Python's reading of a `%z` match: "Z" is UTC; colons must be used consistently; the
    /// offset must be under 24 hours. Offsets with a fraction of a second are refused (see
    /// docs/table-schema-differences.md).
    private static func offsetSeconds(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int32? {
        if text[start] == UInt8(ascii: "Z") { return 0 }
        var hasFraction = false
        var fractionNonZero = false
        var numbers = (0, 0, 0)
        var count = 0
        var j = start + 1
        var colonAfterHours = false
        var colonAfterMinutes = false
        while j < start + length {
            let byte = text[j]
            if byte == UInt8(ascii: ":") {
                if count == 2 { colonAfterHours = true } else { colonAfterMinutes = true }
            } else if byte == UInt8(ascii: ".") {
                hasFraction = true
            } else if hasFraction {
                fractionNonZero = fractionNonZero || byte != UInt8(ascii: "0")
            } else {
                let digit = Int(byte &- 0x30)
                switch count / 2 {
                case 0: numbers.0 = numbers.0 * 10 + digit
                case 1: numbers.1 = numbers.1 * 10 + digit
                default: numbers.2 = numbers.2 * 10 + digit
                }
                count += 1
            }
            j += 1
        }
        // Python: with a colon after the hours, seconds need one too; without, a colon after the
        // minutes makes `int(":3")` fail.
        if colonAfterHours != colonAfterMinutes, count > 4 { return nil }
        guard !fractionNonZero else { return nil }
        let total = numbers.0 * 3600 + numbers.1 * 60 + numbers.2
        guard total < 86_400 else { return nil }
        return Int32(text[start] == UInt8(ascii: "-") ? -total : total)
    }
}
