/// What a run checks for duplicates: a table of keys per unique field and one for the primary
/// key, each key made of the fields' values as their types read them (so `01` and `1` are the
/// same integer, as frictionless-py compares them).
///
/// Which rows take part follows frictionless-py: every row whose value is present and of the
/// field's type, whatever else fails in the row; a missing value or one that is not of the type
/// is no key. A duplicate names the row that had the value last before it ("duplicate of row
/// 5"), as frictionless-py's note does.
struct Uniqueness: Sendable {
    /// One table of ``UniqueKeys``: the fields whose values make its key, in order.
    struct Table: Sendable {
        let fields: [Int]
        /// Whether it is the primary key (a key of several fields, or `primaryKey`'s words).
        var isPrimaryKey: Bool
        /// Whether it is also a unique field's (a primary key of one unique field: one table,
        /// both errors, as frictionless-py reports them).
        var isUnique: Bool
    }

    let keys: UniqueKeys
    let tables: [Table]

    /// The tables of `rules`, or nil when it checks no uniqueness; each with room for about
    /// `expectedKeys` keys before it grows (an estimate from the input's size).
    ///
    /// - Throws: ``RecordsError`` when the system gives no memory.
    init?(_ rules: CompiledRules, memoryLimit: Int = UniqueKeys.defaultMemoryLimit, expectedKeys: Int = 512) throws {
        guard rules.checksUniqueness else { return nil }
        var tables = rules.fields.indices.filter { rules.fields[$0].unique }.map {
            Table(fields: [$0], isPrimaryKey: false, isUnique: true)
        }
        if let same = tables.firstIndex(where: { $0.fields == rules.primaryKey }) {
            tables[same].isPrimaryKey = true
        } else if !rules.primaryKey.isEmpty {
            tables.append(Table(fields: rules.primaryKey, isPrimaryKey: true, isUnique: false))
        }
        self.tables = tables
        keys = try UniqueKeys(
            names: tables.map { $0.fields.map { rules.fields[$0].name }.joined(separator: ", ") },
            memoryLimit: memoryLimit, expectedKeys: expectedKeys)
    }

    /// Adds row `row`'s keys (its judged `values`) to `keys`; returns the primary key tables
    /// whose fields are all missing (frictionless-py's primary key error).
    func collect(
        row: Int, values: FieldValues, plans: FieldPlans, into keys: inout TaskKeys, allMissing: inout [Int]
    ) {
        allMissing.removeAll(keepingCapacity: true)
        // By index: a table or its fields taken by value are copies (a retain and a release each).
        for number in tables.indices {
            let start = keys.arena.count
            var present = 0
            let width = tables[number].fields.count
            let isPrimaryKey = tables[number].isPrimaryKey
            for position in 0..<width {
                let field = tables[number].fields[position]
                let before = keys.arena.count
                if width > 1 { keys.arena.append(contentsOf: [0, 0, 0, 0]) }  // its length, below
                if Self.appendKey(field, values: values, plans: plans, to: &keys.arena) {
                    present += 1
                } else {
                    keys.arena.append(0xFF)  // missing (a primary key's part may be)
                }
                if width > 1 {
                    let length = UInt32(keys.arena.count - before - 4)
                    for byte in 0..<4 { keys.arena[before + byte] = UInt8(truncatingIfNeeded: length >> (byte * 8)) }
                }
            }
            if present == width || (isPrimaryKey && present > 0) {
                keys.finish(from: start, row: row, table: number)
            } else {
                keys.arena.removeSubrange(start...)
                if isPrimaryKey { allMissing.append(number) }
            }
        }
    }

    /// Appends the failure of each primary key table in `allMissing` (``collect(row:values:plans:into:allMissing:)``'s):
    /// frictionless-py's primary key error for a row whose key fields are all missing.
    func appendFailures(allMissing: [Int], catalog: RuleCatalog, to failures: inout [FieldFailure]) {
        for table in allMissing {
            let field = tables[table].fields[0]
            failures.append(
                FieldFailure(
                    field: field, rule: catalog.primaryKeyRule(field),
                    message: "primary key error: every field of the primary key is missing"))
        }
    }

    /// Appends field `field`'s key (a tag byte, then the value), when it has one.
    private static func appendKey(_ field: Int, values: FieldValues, plans: FieldPlans, to arena: inout [UInt8]) -> Bool
    {
        if let typed = values.typed[field] {
            switch typed {
            case .string:
                break  // the text is the value
            default:
                arena.append(1)
                typed.appendKey(to: &arena)
                return true
            }
        } else if plans.fields[field].type != nil {
            return false  // missing, or not of the type
        }
        guard let range = values.ranges[field] else { return false }
        let missing = values.bytes.withUnsafeBufferPointer {
            plans.isMissing(UnsafeBufferPointer(rebasing: $0[range]), plans.fields[field])
        }
        if missing { return false }
        arena.append(0)
        arena.append(contentsOf: values.bytes[range])
        return true
    }
}

extension TypedValue {
    /// Appends the value as a key: equal values (as frictionless-py compares them: `1.0` and `1`
    /// as numbers, times of the same instant) give the same bytes, other values other bytes.
    func appendKey(to key: inout [UInt8]) {
        func append<T: FixedWidthInteger>(_ tag: UInt8, _ value: T) {
            key.append(tag)
            withUnsafeBytes(of: value.littleEndian) { key.append(contentsOf: $0) }
        }
        switch self {
        case .string: key.append(0)
        case .integer(let value): append(1, value)
        case .number(let value):
            // -0.0 is 0.0; a whole number is the integer it equals.
            if value == value.rounded(), abs(value) < 9.2e18 {
                append(1, Int64(value))
            } else {
                append(2, value.bitPattern)
            }
        case .boolean(let value): append(3, UInt8(value ? 1 : 0))
        case .date(let days): append(4, days)
        case .time(let time):
            append(time.offsetSeconds == nil ? 5 : 6, time.comparable)
        case .datetime(let moment):
            append(moment.offsetSeconds == nil ? 7 : 8, moment.comparable)
        case .year(let year): append(9, year)
        }
    }
}
