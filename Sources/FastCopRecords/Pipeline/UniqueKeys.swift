import Foundation

/// The keys seen so far of each unique field and of the primary key, for the whole run: the
/// workers judge their rows on all cores, then put their rows' keys in **in input order**, one
/// task after the other (``insert(_:firstRow:endRow:)`` waits for the rows before its own), so
/// that the first row with a value is clean and each later one is a duplicate, whichever
/// worker ran first.
///
/// The wait costs little: a task's keys are hashed by its worker before its turn, and a turn
/// is one probe of a table per key. Memory grows with the distinct keys only (about 48 bytes
/// a key plus its bytes: 8 for an integer); past ``memoryLimit`` the run stops with an error
/// that says so, before the machine runs out.
///
/// `@unchecked Sendable`: the tables and the turn are read and written under `condition` alone.
final class UniqueKeys: @unchecked Sendable {
    /// What each table holds the keys of, for messages.
    let names: [String]
    /// The most memory the tables may take.
    let memoryLimit: Int
    private let condition = NSCondition()
    /// The first row whose keys are not in yet (guarded by `condition`).
    private var nextRow = 1
    private var tables: [KeyTable]
    /// Set when the tables outgrew `memoryLimit` (every later turn fails with it).
    private var failure: String?

    /// Tables for the keys of `names` (a field's name, or the primary key's fields joined).
    init(names: [String], memoryLimit: Int = UniqueKeys.defaultMemoryLimit) {
        self.names = names
        self.memoryLimit = memoryLimit
        tables = names.map { _ in KeyTable() }
    }

    /// Half the machine's memory: the keys may grow to it, and an error stops the run there.
    static var defaultMemoryLimit: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return 4 << 30 }
        return Int(pages) * Int(size) / 2
    }

    /// A key that was seen before, in a task's rows.
    struct Duplicate {
        /// The row's index among the task's rows.
        let row: Int
        /// Which table (``names``).
        let table: Int
        /// The row (its number) that had the key last before it.
        let previousRow: Int
    }

    /// Puts the keys of rows `firstRow..<endRow` in, once every row before `firstRow` is in,
    /// and returns the rows whose key was seen before, in row order.
    ///
    /// - Throws: ``RecordsError`` when the keys outgrow ``memoryLimit``.
    func insert(_ keys: TaskKeys, firstRow: Int, endRow: Int) throws -> [Duplicate] {
        condition.lock()
        defer {
            nextRow = endRow
            condition.broadcast()
            condition.unlock()
        }
        while nextRow != firstRow { condition.wait() }
        if let failure { throw RecordsError(failure) }
        var duplicates: [Duplicate] = []
        keys.arena.withUnsafeBufferPointer { arena in
            for entry in keys.entries {
                let key = UnsafeBufferPointer(rebasing: arena[entry.bytes])
                let row = firstRow + Int(entry.row)
                if let previous = tables[Int(entry.table)].insert(key, hash: entry.hash, row: row) {
                    duplicates.append(Duplicate(row: Int(entry.row), table: Int(entry.table), previousRow: previous))
                }
            }
        }
        let bytes = tables.reduce(0) { $0 + $1.bytes }
        if bytes > memoryLimit {
            let counts = zip(names, tables).map { "'\($0)': \(Formatting.grouped($1.count)) keys" }
            failure =
                "the keys kept to find duplicates (\(counts.joined(separator: ", "))) take more than"
                + " \(memoryLimit >> 20) MiB, their limit (half of this machine's memory): the run stops before"
                + " memory runs out"
                + " (split the input by key, or check uniqueness on a machine with more memory)"
            throw RecordsError(failure!)
        }
        return duplicates
    }
}

/// The keys of one task's rows, hashed by the worker before its turn.
struct TaskKeys {
    struct Entry {
        /// The row's index among the task's rows.
        let row: Int32
        /// Which table of ``UniqueKeys``.
        let table: Int32
        let hash: UInt64
        /// The key's bytes in ``arena``.
        let bytes: Range<Int>
    }

    var arena: [UInt8] = []
    var entries: [Entry] = []

    mutating func removeAll() {
        arena.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Ends the key begun at `start` of ``arena`` for row `row` and table `table`.
    mutating func finish(from start: Int, row: Int, table: Int) {
        let hash = arena.withUnsafeBufferPointer { KeyTable.hash(UnsafeBufferPointer(rebasing: $0[start...])) }
        entries.append(Entry(row: Int32(row), table: Int32(table), hash: hash, bytes: start..<arena.count))
    }
}

/// An open-addressing hash table from keys (bytes) to the row that had them last: the keys'
/// bytes one after the other in one array, an entry per key, and a slot array (linear
/// probing, at most half full) of the entries' numbers, each beside the top half of its key's
/// hash: a new key (most keys) is told apart by the slot alone, one cache miss, without
/// reading an entry or the key's bytes (which cost two more on a table of a million keys).
struct KeyTable {
    private struct Entry {
        let start: Int
        let length: Int
        var row: Int
    }

    /// 0: empty; else the top 32 bits of the hash, then the entry's number + 1.
    private var slots: [UInt64] = Array(repeating: 0, count: 1024)
    private var entries: [Entry] = []
    private var arena: [UInt8] = []

    /// The number of keys.
    var count: Int { entries.count }

    /// The memory the table holds.
    var bytes: Int { slots.capacity * 8 + entries.capacity * MemoryLayout<Entry>.stride + arena.capacity }

    /// Records that row `row` has `key`; returns the row that had it last before, or nil.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, row: Int) -> Int? {
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let content = slots[slot]
            if content == 0 { break }
            if content & 0xFFFF_FFFF_0000_0000 == tag {
                let number = Int(content & 0xFFFF_FFFF) - 1
                let entry = entries[number]
                if entry.length == key.count
                    && arena.withUnsafeBufferPointer({
                        UnsafeBufferPointer(rebasing: $0[entry.start..<(entry.start + entry.length)]).elementsEqual(key)
                    })
                {
                    entries[number].row = row
                    return entry.row
                }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag | UInt64(entries.count + 1)
        entries.append(Entry(start: arena.count, length: key.count, row: row))
        arena.append(contentsOf: key)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    /// Doubles the slots, placing each key again by its hash (read back from its bytes: the
    /// slots keep only half of it).
    private mutating func grow() {
        var slots = [UInt64](repeating: 0, count: self.slots.count * 2)
        let mask = slots.count - 1
        arena.withUnsafeBufferPointer { arena in
            for (number, entry) in entries.enumerated() {
                let hash = Self.hash(UnsafeBufferPointer(rebasing: arena[entry.start..<(entry.start + entry.length)]))
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(number + 1)
            }
        }
        self.slots = slots
    }

    /// A 64-bit hash of `bytes` (8 bytes at a time, multiplied and mixed).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        if index < bytes.count {
            var word: UInt64 = 0
            for offset in index..<bytes.count { word = word << 8 | UInt64(bytes[offset]) }
            hash = (hash ^ word) &* 0xC4CE_B9FE_1A85_EC53
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
