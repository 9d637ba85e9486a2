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
        case .integer(let value):
            Self.writeInteger(value, to: &output)
        case .number(let value):
            if value.isNaN {
                output.append(contentsOf: "NaN".utf8)
            } else if value.isInfinite {
                output.append(contentsOf: value < 0 ? "-Infinity".utf8 : "Infinity".utf8)
            } else {
                output.append(contentsOf: value.description.utf8)
            }
        case .boolean(let value):
            output.append(contentsOf: value ? "true".utf8 : "false".utf8)
        case .date(let days):
            Self.writeDate(Int(days), to: &output)
        case .year(let year):
            Self.writePadded(Int(year), width: 4, to: &output)
        case .time(let time):
            Self.writeTime(time.microseconds, to: &output)
            Self.writeOffset(time.offsetSeconds, to: &output)
        case .datetime(let datetime):
            let days = Int(datetime.microseconds.floorDivided(by: 86_400_000_000))
            Self.writeDate(days, to: &output)
            output.append(UInt8(ascii: "T"))
            Self.writeTime(datetime.microseconds - Int64(days) * 86_400_000_000, to: &output)
            Self.writeOffset(datetime.offsetSeconds, to: &output)
        }
    }

    private static func writeInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    private static func writePadded(_ value: Int, width: Int, to output: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        if value >= divisor * 10 {
            writeInteger(Int64(value), to: &output)
            return
        }
        while divisor > 0 {
            output.append(UInt8(value / divisor) + 0x30)
            value %= divisor
            divisor /= 10
        }
    }

    private static func writeDate(_ days: Int, to output: inout [UInt8]) {
        let (year, month, day) = CivilCalendar.civil(days)
        writePadded(year, width: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        writePadded(month, width: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        writePadded(day, width: 2, to: &output)
    }

    private static func writeTime(_ microseconds: Int64, to output: inout [UInt8]) {
        let seconds = Int(microseconds / 1_000_000)
        let fraction = Int(microseconds % 1_000_000)
        writePadded(seconds / 3600, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        writePadded(seconds / 60 % 60, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        writePadded(seconds % 60, width: 2, to: &output)
        if fraction != 0 {
            output.append(UInt8(ascii: "."))
            writePadded(fraction, width: 6, to: &output)
        }
    }

    private static func writeOffset(_ offset: Int32?, to output: inout [UInt8]) {
        guard let offset else { return }
        if offset == 0 {
            output.append(UInt8(ascii: "Z"))
            return
        }
        output.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = Int(offset.magnitude)
        writePadded(magnitude / 3600, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        writePadded(magnitude / 60 % 60, width: 2, to: &output)
        if magnitude % 60 != 0 {
            output.append(UInt8(ascii: ":"))
            writePadded(magnitude % 60, width: 2, to: &output)
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
