/// One type a column's values are tried as.
struct InferenceCandidate: Sendable {
    let type: FieldType
    let reader: TypedReader
}

/// The types inference tries, in order: a column gets the first one that reads (enough of) its
/// values.
///
/// The order is frictionless-py's `DEFAULT_FIELD_CANDIDATES` (`frictionless/settings.py`) less
/// the types FastCop does not read (yearmonth, geopoint, duration, geojson, object, array):
/// datetime, time, date, integer, number, boolean, year, string. So "1" and "0" make an integer
/// column (integer comes before boolean), and year is never chosen (integer reads every year).
/// FastCop adds, after each of datetime, time and date in their default (ISO) format, a few
/// common strptime formats that frictionless-py does not try: day first before month first,
/// so that dates that fit both ("01/02/2024") are read day first (and a note says so).
enum InferenceCandidates {
    /// Date formats tried after ISO 8601, in order.
    static let dateFormats = ["%d/%m/%Y", "%m/%d/%Y", "%Y/%m/%d", "%d.%m.%Y", "%d-%m-%Y", "%m-%d-%Y", "%d %b %Y"]
    /// Time formats tried after ISO 8601 ("10:30:00"), in order.
    static let timeFormats = ["%H:%M", "%I:%M %p", "%I:%M:%S %p"]
    /// Datetime formats tried after ISO 8601: ISO without seconds, then each date format with a
    /// time.
    static let datetimeFormats =
        ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        + dateFormats.flatMap { ["\($0) %H:%M:%S", "\($0) %H:%M"] }

    // swift-format-ignore: NeverUseForceTry
    /// Every candidate, in the order tried (the formats above all compile).
    static let all: [InferenceCandidate] = {
        var types: [FieldType] = []
        for (kind, formats) in [
            (FieldKind.datetime, datetimeFormats), (.time, timeFormats), (.date, dateFormats),
        ] {
            types.append(FieldType(kind: kind))
            types += formats.map { FieldType(kind: kind, format: $0) }
        }
        types += [FieldKind.integer, .number, .boolean, .year, .string].map { FieldType(kind: $0) }
        return types.map { InferenceCandidate(type: $0, reader: try! TypedReader($0)) }
    }()

    /// The index of the integer candidate (its values are kept for uniqueness).
    static let integer = all.firstIndex { $0.type.kind == .integer }!
    /// The index of the string candidate, which reads every text.
    static let string = all.firstIndex { $0.type.kind == .string }!
}
