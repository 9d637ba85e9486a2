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
    private let tables: [KeyTable]
    /// What the slot reads before the inserts gave (kept, so that they are not optimized away).
    private var warmth: UInt64 = 0
    /// Set when the tables outgrew `memoryLimit` (every later turn fails with it).
    private var failure: String?

    /// Tables for the keys of `names` (a field's name, or the primary key's fields joined),
    /// each with room for about `expectedKeys` keys before it grows.
    ///
    /// - Throws: ``RecordsError`` when the system gives no memory.
    init(names: [String], memoryLimit: Int = UniqueKeys.defaultMemoryLimit, expectedKeys: Int = 512) throws {
        self.names = names
        self.memoryLimit = memoryLimit
        tables = try names.map { _ in try KeyTable(expected: expectedKeys) }
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
        // Each key's slot read first, all at once: the loads do not wait on each other, so their
        // cache misses overlap, where in the inserting loop below each waited for the one
        // before (a million keys: a cache miss each). The inserts then find their slots cached.
        var touched: UInt64 = 0
        for entry in keys.entries { touched ^= tables[Int(entry.table)].slotContent(entry.hash) }
        warmth ^= touched
        var duplicates: [Duplicate] = []
        try keys.arena.withUnsafeBufferPointer { arena in
            for entry in keys.entries {
                let key = UnsafeBufferPointer(rebasing: arena[entry.bytes])
                let row = firstRow + Int(entry.row)
                if let previous = try tables[Int(entry.table)].insert(key, hash: entry.hash, row: row) {
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
/// bytes one after the other in one buffer, an entry per key, and a slot buffer (linear
/// probing, at most half full) of the entries' numbers, each beside the top half of its key's
/// hash: a new key (most keys) is told apart by the slot alone, one cache miss, without
/// reading an entry or the key's bytes (which cost two more on a table of a million keys).
///
/// Its buffers are its own (not arrays: no uniqueness or bounds checks per key), and those of
/// 2 MiB or more are asked to be backed by huge pages (`MADV_HUGEPAGE`): a slot buffer of a
/// million keys spans 4,096 pages of 4 KiB, and a TLB miss on top of each slot's cache miss
/// doubled the cost of a key (`perf`: the table's insert was a sixth of a unique check's run).
/// Used by one thread at a time (under ``UniqueKeys``'s lock).
final class KeyTable {
    private struct Entry {
        let start: Int
        let length: Int
        var row: Int
    }

    /// 0: empty; else the top 32 bits of the hash, then the entry's number + 1.
    private var slots: RawBuffer<UInt64>
    private var entries: RawBuffer<Entry>
    private var arena: RawBuffer<UInt8>
    /// The number of keys, and the bytes of the arena in use.
    private(set) var count = 0
    private var arenaUsed = 0

    /// A table with room for about `expected` keys before it grows.
    ///
    /// - Throws: ``RecordsError`` when the system gives no memory.
    init(expected: Int = 512) throws {
        let capacity = max(1024, 1 << (Int.bitWidth - (2 * max(expected, 512) - 1).leadingZeroBitCount))
        slots = try RawBuffer(count: capacity, zeroed: true)
        entries = try RawBuffer(count: capacity / 2, zeroed: false)
        arena = try RawBuffer(count: capacity / 2 * 16, zeroed: false)
    }

    /// The memory the table holds.
    var bytes: Int { slots.bytes + entries.bytes + arena.bytes }

    /// The slot where a key of hash `hash` starts its search (read to bring it into the cache).
    @inline(__always)
    func slotContent(_ hash: UInt64) -> UInt64 { slots.base[Int(truncatingIfNeeded: hash) & (slots.count - 1)] }

    /// Records that row `row` has `key`; returns the row that had it last before, or nil.
    ///
    /// - Throws: ``RecordsError`` when the system gives no memory to grow.
    func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, row: Int) throws -> Int? {
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        let slotBase = slots.base
        while true {
            let content = slotBase[slot]
            if content == 0 { break }
            if content & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = entries.base + (Int(content & 0xFFFF_FFFF) - 1)
                if entry.pointee.length == key.count
                    && (key.isEmpty || memcmp(arena.base + entry.pointee.start, key.baseAddress!, key.count) == 0)
                {
                    let previous = entry.pointee.row
                    entry.pointee.row = row
                    return previous
                }
            }
            slot = (slot + 1) & mask
        }
        if arenaUsed + key.count > arena.count { try arena.grow(to: max(2 * arena.count, arenaUsed + key.count)) }
        if count == entries.count { try entries.grow(to: 2 * entries.count) }
        if !key.isEmpty { (arena.base + arenaUsed).update(from: key.baseAddress!, count: key.count) }
        (entries.base + count).initialize(to: Entry(start: arenaUsed, length: key.count, row: row))
        arenaUsed += key.count
        count += 1
        slotBase[slot] = tag | UInt64(count)
        if count * 2 > slots.count { try grow() }
        return nil
    }

    /// Doubles the slots, placing each key again by its hash (read back from its bytes: the
    /// slots keep only half of it).
    private func grow() throws {
        let grown = try RawBuffer<UInt64>(count: slots.count * 2, zeroed: true)
        let mask = grown.count - 1
        for number in 0..<count {
            let entry = entries.base[number]
            let hash = Self.hash(UnsafeBufferPointer(start: arena.base + entry.start, count: entry.length))
            var slot = Int(truncatingIfNeeded: hash) & mask
            while grown.base[slot] != 0 { slot = (slot + 1) & mask }
            grown.base[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(number + 1)
        }
        slots = grown
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

/// A buffer of trivial values of its own, freed with it; one of 2 MiB or more is aligned to
/// 2 MiB and asked to be backed by huge pages (see ``KeyTable``).
final class RawBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count: Int

    /// - Throws: ``RecordsError`` when the system gives no memory.
    init(count: Int, zeroed: Bool) throws {
        self.count = count
        base = try Self.allocate(count, zeroed: zeroed)
    }

    deinit {
        free(base)
    }

    /// The memory it holds.
    var bytes: Int { count * MemoryLayout<Element>.stride }

    /// Grows to `newCount` elements, keeping the first `count`.
    func grow(to newCount: Int) throws {
        let grown = try Self.allocate(newCount, zeroed: false)
        grown.update(from: base, count: count)
        free(base)
        base = grown
        count = newCount
    }

    private static func allocate(_ count: Int, zeroed: Bool) throws -> UnsafeMutablePointer<Element> {
        let size = max(1, count * MemoryLayout<Element>.stride)
        let huge = 2 << 20
        var memory: UnsafeMutableRawPointer?
        let alignment = size >= huge ? huge : max(16, MemoryLayout<Element>.alignment)
        guard posix_memalign(&memory, alignment, size) == 0, let memory else {
            throw RecordsError(
                "the system gives no memory for the keys kept to find duplicates (\(Formatting.grouped(size)) bytes)")
        }
        if size >= huge { _ = madvise(memory, size, Int32(MADV_HUGEPAGE)) }
        if zeroed { memset(memory, 0, size) }
        return memory.bindMemory(to: Element.self, capacity: count)
    }
}
