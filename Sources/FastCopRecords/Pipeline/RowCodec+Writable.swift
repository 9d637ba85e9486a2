/// Values a format cannot write. Most formats can write any value; a row that a filter gave one
/// it cannot write is rejected with the reason instead of being written wrong:
/// - CSV without quoting or escapes (`--quote none`) cannot write a value that holds its
///   delimiter or a line break;
/// - a one-column CSV or TSV file without quoting cannot write an empty value, which would be a
///   blank line (not a row when read back);
/// - plain lines cannot write a value that holds a line break (it would be two rows).
extension RowCodec {
    package func unwritableReason(utf8 value: UnsafeBufferPointer<UInt8>) -> String? { nil }

    package var restrictsValues: Bool { false }

    package func paddings(in scratch: Scratch, into spans: inout [Range<Int>]) { spans.removeAll() }

    /// Whether a CR at the end of a row is data that must come back as it went in (a CSV or
    /// TSV field, a plain line). A row written so before a LF line end is rejected, as it would
    /// be read back as a CRLF line end. JSON Lines says no: a CR there is whitespace after the
    /// object, and the row reads back the same.
    package var keepsTrailingCR: Bool { true }

    /// Adds a failure for each field whose cleaned value (in `values`) cannot be written.
    func checkWritable(
        _ inputs: [FieldInput], values: FieldValues, catalog: RuleCatalog, failures: inout [FieldFailure]
    ) {
        for (index, input) in inputs.enumerated() {
            switch input {
            case .text, .bytes: break
            case .absent, .unusable, .literal: continue
            }
            guard let range = values.ranges[index],
                let reason = values.bytes.withUnsafeBufferPointer({
                    unwritableReason(utf8: UnsafeBufferPointer(rebasing: $0[range]))
                })
            else { continue }
            failures.append(FieldFailure(field: index, rule: catalog.valueRule(index), message: reason))
        }
    }
}
