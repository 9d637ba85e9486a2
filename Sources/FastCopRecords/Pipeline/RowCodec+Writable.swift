/// Values a format cannot write. Most formats can write any value; CSV without quoting or
/// escapes (`--quote none`) cannot write one that holds its delimiter or a line break, and a
/// row that a filter gave such a value is rejected with that reason instead of being written
/// wrong.
extension RowCodec {
    package func unwritableReason(_ value: String) -> String? { nil }

    package var restrictsValues: Bool { false }

    /// Adds a failure for each field whose cleaned value (in `values`) cannot be written.
    func checkWritable(_ inputs: [FieldInput], values: FieldValues, failures: inout [FieldFailure]) {
        for (index, input) in inputs.enumerated() {
            switch input {
            case .text, .bytes: break
            case .absent, .unusable, .literal: continue
            }
            guard let range = values.ranges[index],
                let reason = unwritableReason(String(decoding: values.bytes[range], as: UTF8.self))
            else { continue }
            failures.append(FieldFailure(field: index, message: reason))
        }
    }
}
