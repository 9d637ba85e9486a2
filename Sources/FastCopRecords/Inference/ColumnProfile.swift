/// What a sample's values of one column showed: how many were present, which candidate types
/// failed on how many, the distinct values while they are few, and whether any repeated.
///
/// A profile is filled by one worker over part of the sample and merged with the others'
/// (``merge(_:)``), in the sample's order.
struct ColumnProfile {
    /// Values that were not missing.
    private(set) var present = 0
    /// For each of ``InferenceCandidates/all``, the present values it did not read.
    private(set) var failures: [Int]
    /// The distinct texts, in the order first seen, while there are at most `enumLimit` of
    /// them (a list: compared in place, a value already seen allocates nothing); nil after (or
    /// when no enum is wanted).
    private(set) var distinct: [[UInt8]]?
    /// Hashes of the texts seen, while no two were the same; nil after (or when no uniqueness
    /// is wanted). Two different texts with the same hash count as a repeat: the mistake then
    /// is to leave `unique` out, never to say it wrongly.
    private(set) var textHashes: Set<Int>?
    /// The integers read, while no two were the same (`clean` compares integers as numbers:
    /// "01" repeats "1").
    private(set) var integers: Set<Int64>?
    /// Whether a value was a JSON number or bool (not text).
    private(set) var sawLiteral = false

    private let enumLimit: Int
    /// The failures after which a candidate is no longer tried: 0 at confidence 1; below it,
    /// the share of the sample's rows a type may fail on (no limit when the whole input is
    /// read). Counts past it no longer matter: the candidate cannot be chosen.
    private let failureLimit: Int

    init(options: InferenceOptions) {
        failures = Array(repeating: 0, count: InferenceCandidates.all.count)
        enumLimit = options.enumLimit
        if options.confidence >= 1 {
            failureLimit = 0
        } else if let rows = options.sampleRows {
            failureLimit = Int((1 - options.confidence) * Double(rows))
        } else {
            failureLimit = .max
        }
        distinct = options.enumLimit > 0 ? [] : nil
        textHashes = options.unique ? [] : nil
        integers = options.unique ? [] : nil
    }

    /// Adds a present value: its text (valid UTF-8), or the JSON text of a number or bool
    /// (`literal`), judged as `clean` judges it (``CompiledType/literal(_:kind:)``).
    ///
    /// - Complexity: one read per candidate still in the running. At confidence 1 most
    ///   candidates drop out at a column's first values; below it, each is tried until it has
    ///   failed on more than its share of the sample's rows, so a sample of 100,000 rows at 0.9
    ///   costs about 30 times as much (the strptime formats' reads, each copying its reader).
    mutating func add(_ value: UnsafeBufferPointer<UInt8>, literal: Bool) {
        present += 1
        if literal { sawLiteral = true }
        let candidates = InferenceCandidates.all
        var integer: Int64?
        for index in candidates.indices {
            if failures[index] > failureLimit { continue }
            let read =
                literal
                ? CompiledType.literal(value, kind: candidates[index].type.kind)
                : candidates[index].reader.read(value)
            guard let read else {
                failures[index] += 1
                continue
            }
            if index == InferenceCandidates.integer, case .integer(let whole) = read { integer = whole }
        }
        if distinct != nil, !distinct!.contains(where: { $0.elementsEqual(value) }) {
            distinct!.append(Array(value))
            if distinct!.count > enumLimit { distinct = nil }
        }
        if textHashes != nil {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(value))
            if !textHashes!.insert(hasher.finalize()).inserted { textHashes = nil }
        }
        if integers != nil {
            if let integer {
                if !integers!.insert(integer).inserted { integers = nil }
            } else {
                integers = nil
            }
        }
    }

    /// Adds the values `other` saw after this profile's.
    mutating func merge(_ other: ColumnProfile) {
        present += other.present
        sawLiteral = sawLiteral || other.sawLiteral
        for index in failures.indices { failures[index] += other.failures[index] }
        if let theirs = other.distinct, distinct != nil {
            for value in theirs where !distinct!.contains(value) { distinct!.append(value) }
            if distinct!.count > enumLimit { distinct = nil }
        } else {
            distinct = nil
        }
        Self.mergeDisjoint(&textHashes, other.textHashes)
        Self.mergeDisjoint(&integers, other.integers)
    }

    /// Adds `theirs` to `mine` when no value is in both; sets `mine` to nil otherwise (or when
    /// either already had a repeat).
    private static func mergeDisjoint<T: Hashable>(_ mine: inout Set<T>?, _ theirs: Set<T>?) {
        guard var values = mine, let theirs else {
            mine = nil
            return
        }
        mine = nil  // `values` is now the only reference: inserting copies nothing
        for value in theirs where !values.insert(value).inserted { return }
        mine = values
    }
}
