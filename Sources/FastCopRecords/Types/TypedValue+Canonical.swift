extension TypedValue {
    /// Appends the canonical text of the value:
    /// - string and any: `text` as it is;
    /// - integer: plain decimal digits ("-12"; "+007" is "7");
    /// - number: see `ParsedNumber.writePlain` (`TypedReader.writeCanonical` writes numbers from
    ///   their text, exactly; from a bare value, Swift's shortest round-trip form);
    /// - boolean: "true" or "false";
    /// - date: "YYYY-MM-DD"; year: "YYYY" (zero-padded);
    /// - time: "HH:MM:SS", ".ffffff" when there are microseconds, then "Z" for UTC or "±HH:MM"
    ///   (":SS" when the offset has seconds);
    /// - datetime: "YYYY-MM-DDTHH:MM:SS[.ffffff][Z|±HH:MM]".
    func writeCanonical(text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        switch self {
        case .string:
            output.append(contentsOf: text)
            return
        case .number(let value):
            if value.isNaN {
                output.append(static: "NaN")
            } else if value.isInfinite {
                output.append(static: value < 0 ? "-Infinity" : "Infinity")
            } else {
                output.append(contentsOf: value.description.utf8)
            }
            return
        case .boolean(let value):
            output.append(static: value ? "true" : "false")
            return
        default: break
        }
        // The rest fit in 48 bytes: written on the stack, appended once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var writer = CanonicalWriter(buffer: buffer.baseAddress!)
            switch self {
            case .integer(let value):
                writer.integer(value)
            case .date(let days):
                writer.date(Int(days))
            case .year(let year):
                writer.padded(Int(year), width: 4)
            case .time(let time):
                writer.time(time.microseconds)
                writer.offset(time.offsetSeconds)
            case .datetime(let datetime):
                let days = Int(datetime.microseconds.floorDivided(by: 86_400_000_000))
                writer.date(days)
                writer.byte(UInt8(ascii: "T"))
                writer.time(datetime.microseconds - Int64(days) * 86_400_000_000)
                writer.offset(datetime.offsetSeconds)
            case .string, .number, .boolean:
                break
            }
            output.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
        }
    }
}

/// Writes canonical texts into stack memory (at most 48 bytes: the longest is a datetime with
/// microseconds and an offset with seconds, or a 20-character integer).
private struct CanonicalWriter {
    let buffer: UnsafeMutablePointer<UInt8>
    var count = 0

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = count
        repeat {
            byte(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        var (low, high) = (start, count - 1)
        while low < high {
            (buffer[low], buffer[high]) = (buffer[high], buffer[low])
            low += 1
            high -= 1
        }
    }

    /// `value` (0 or more) in at least `width` digits.
    @inline(__always)
    mutating func padded(_ value: Int, width: Int) {
        var digits = 1
        var limit = 10
        while value >= limit, digits < 19 {
            digits += 1
            limit &*= 10
        }
        let total = max(digits, width)
        var value = value
        for k in stride(from: total - 1, through: 0, by: -1) {
            buffer[count + k] = UInt8(value % 10) + 0x30
            value /= 10
        }
        count += total
    }

    mutating func date(_ days: Int) {
        let (year, month, day) = CivilCalendar.civil(days)
        padded(year, width: 4)
        byte(UInt8(ascii: "-"))
        padded(month, width: 2)
        byte(UInt8(ascii: "-"))
        padded(day, width: 2)
    }

    mutating func time(_ microseconds: Int64) {
        let seconds = Int(microseconds / 1_000_000)
        let fraction = Int(microseconds % 1_000_000)
        padded(seconds / 3600, width: 2)
        byte(UInt8(ascii: ":"))
        padded(seconds / 60 % 60, width: 2)
        byte(UInt8(ascii: ":"))
        padded(seconds % 60, width: 2)
        if fraction != 0 {
            byte(UInt8(ascii: "."))
            padded(fraction, width: 6)
        }
    }

    mutating func offset(_ offset: Int32?) {
        guard let offset else { return }
        if offset == 0 {
            byte(UInt8(ascii: "Z"))
            return
        }
        byte(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = Int(offset.magnitude)
        padded(magnitude / 3600, width: 2)
        byte(UInt8(ascii: ":"))
        padded(magnitude / 60 % 60, width: 2)
        if magnitude % 60 != 0 {
            byte(UInt8(ascii: ":"))
            padded(magnitude % 60, width: 2)
        }
    }
}

extension Int64 {
    /// Division rounding toward minus infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}

extension [UInt8] {
    /// Appends a literal's bytes (no String, no generic walk over its UTF-8 view).
    @inline(__always)
    mutating func append(static text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
