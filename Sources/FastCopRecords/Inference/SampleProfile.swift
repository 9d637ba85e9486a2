/// What part of a sample showed: each column's ``ColumnProfile``, in the order the columns were
/// first seen, and the rows left out. One worker fills one over a run of rows; the runs are
/// merged in input order (``merge(_:)``), so first seen means first in the input.
struct SampleProfile {
    /// The columns' names: the header's (CSV, TSV), or JSON Lines members as dotted paths
    /// (``JSONFieldPath``; `addr.city`).
    private(set) var names: [String]
    private(set) var columns: [ColumnProfile]
    /// JSON Lines: for each column, the rows in which its member was an object (its members
    /// are columns of their own) or an array (FastCop reads no arrays).
    private(set) var objects: [Int]
    private(set) var arrays: [Int]
    /// Rows whose values were profiled.
    private(set) var rows = 0
    /// Rows `clean` rejects whatever the schema: malformed (a CSV row of the wrong width, a line
    /// that is not a JSON object, invalid UTF-8), and the first one's line and problem.
    private(set) var malformedRows = 0
    private(set) var firstMalformed: (line: Int, problem: String)?
    /// Rows whose every value is missing: `clean --schema` rejects them as blank rows.
    private(set) var blankRows = 0

    private let options: InferenceOptions
    private let missingValues: [[UInt8]]
    private var index: [String: Int] = [:]

    init(names: [String], options: InferenceOptions) {
        self.names = []
        columns = []
        objects = []
        arrays = []
        self.options = options
        missingValues = options.missingValues.map { Array($0.utf8) }
        for name in names { _ = column(named: name) }
    }

    /// The index of the column `name`, added when new.
    mutating func column(named name: String) -> Int {
        if let known = index[name] { return known }
        index[name] = names.count
        names.append(name)
        columns.append(ColumnProfile(options: options))
        objects.append(0)
        arrays.append(0)
        return names.count - 1
    }

    /// Counts a row `clean` rejects as malformed.
    mutating func addMalformed(line: Int, problem: String) {
        malformedRows += 1
        if firstMalformed == nil { firstMalformed = (line, problem) }
    }

    mutating func addObject(column: Int) { objects[column] += 1 }
    mutating func addArray(column: Int) { arrays[column] += 1 }

    /// Profiles one row: `values` lists its columns' values (a column not listed has none),
    /// each a range of `bytes`; `literal` marks a JSON number or bool, never a missing value.
    mutating func addRow(_ row: RowValues) {
        row.bytes.withUnsafeBufferPointer { bytes in
            var missing = [Bool](repeating: true, count: row.values.count)
            for (slot, value) in row.values.enumerated() {
                missing[slot] = !value.literal && isMissing(UnsafeBufferPointer(rebasing: bytes[value.range]))
            }
            guard missing.contains(false) else {
                blankRows += 1
                return
            }
            rows += 1
            for (slot, value) in row.values.enumerated() where !missing[slot] {
                columns[value.column].add(UnsafeBufferPointer(rebasing: bytes[value.range]), literal: value.literal)
            }
        }
    }

    private func isMissing(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        for missing in missingValues where missing.count == value.count {
            if missing.isEmpty || missing.withUnsafeBufferPointer({ $0.elementsEqual(value) }) { return true }
        }
        return false
    }

    /// Adds what `other` saw in the rows after this profile's.
    mutating func merge(_ other: SampleProfile) {
        for (theirs, name) in other.names.enumerated() {
            let mine = column(named: name)
            columns[mine].merge(other.columns[theirs])
            objects[mine] += other.objects[theirs]
            arrays[mine] += other.arrays[theirs]
        }
        rows += other.rows
        blankRows += other.blankRows
        malformedRows += other.malformedRows
        if firstMalformed == nil { firstMalformed = other.firstMalformed }
    }
}

/// One row's values, as `clean` reads them: each column's value is a range of `bytes` (quotes
/// removed, escapes decoded); `literal` marks a JSON number or bool.
struct RowValues {
    var bytes: [UInt8] = []
    var values: [(column: Int, range: Range<Int>, literal: Bool)] = []

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    /// Adds `column`'s value (a CSV row's fields, in order).
    mutating func append(column: Int, _ value: some Collection<UInt8>, literal: Bool = false) {
        let start = bytes.count
        bytes.append(contentsOf: value)
        values.append((column, start..<bytes.count, literal))
    }

    /// Sets `column`'s value, in place of the one the row had (a JSON key given twice: the last
    /// counts, as `clean` reads it).
    mutating func set(column: Int, _ value: some Collection<UInt8>, literal: Bool) {
        let earlier = values.firstIndex { $0.column == column }
        append(column: column, value, literal: literal)
        if let earlier { values[earlier] = values.removeLast() }
    }
}
