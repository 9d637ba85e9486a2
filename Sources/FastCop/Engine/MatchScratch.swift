import CPCRE2
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory one thread needs to run matches: a `pcre2_match_data` (the ovector and, for the
/// interpreter, its retained backtracking frames), a `pcre2_match_context` carrying the limits,
/// and a JIT stack.
///
/// The JIT stack starts at ``jitStackMaximum`` (8 MiB of address space) and is grown on
/// demand by ``growJITStack()``, four times at a time, up to ``jitStackCap`` (256 MiB of
/// address space); a grown stack is kept for the thread. PCRE2 maps a JIT stack's maximum as
/// address space and touches pages only as a match uses them.
///
/// PCRE2 match data must not be used by two threads at once, and allocating it per call costs
/// about a fifth of a short match, so each thread keeps one scratch for its lifetime
/// (a ``ThreadLocal`` slot, released when the thread exits).
final class MatchScratch {
    /// Ovector pairs allocated up front; enough for most patterns' captures.
    private static let initialPairs = 16
    /// JIT stack sizes: PCRE2 starts small and grows on demand up to the maximum.
    static let jitStackStart = 32 * 1024
    static let jitStackMaximum = 8 * 1024 * 1024
    /// The largest JIT stack ``growJITStack()`` makes.
    static let jitStackCap = 256 * 1024 * 1024

    /// Bytes in the reusable substitution output buffer.
    static let outputCapacity = 4096

    private(set) var matchData: OpaquePointer
    private(set) var pairs: Int
    let context: OpaquePointer
    private var jitStack: OpaquePointer?
    /// The maximum size of ``jitStack``.
    private(set) var jitStackSize = MatchScratch.jitStackMaximum
    private var applied: EngineLimits?
    private var appliedMatch: UInt32 = 0
    private var outputStorage: UnsafeMutablePointer<UInt8>?

    private init() {
        pairs = MatchScratch.initialPairs
        // PCRE2 returns NULL when malloc does: a thread that cannot get these few hundred bytes
        // cannot match at all, and stops with a message that says so, not at a NULL later.
        guard let matchData = pcre2_match_data_create_8(UInt32(pairs), nil),
            let context = pcre2_match_context_create_8(nil)
        else {
            fatalError("FastCop: out of memory: PCRE2 could not allocate a thread's match data")
        }
        self.matchData = matchData
        self.context = context
        // No JIT stack (out of memory) leaves PCRE2's own 32 KiB one: matches still run, and a
        // deep one fails with the JIT stack limit, which is reported.
        jitStack = pcre2_jit_stack_create_8(MatchScratch.jitStackStart, MatchScratch.jitStackMaximum, nil)
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        outputStorage?.deallocate()
    }

    /// Replaces the JIT stack with one four times as large (at most ``jitStackCap``), for a
    /// match that ended with `PCRE2_ERROR_JIT_STACKLIMIT`; the new stack is kept for the
    /// thread. Returns false when the stack is already at the cap (or cannot be made), so the
    /// caller reports the error.
    func growJITStack() -> Bool {
        guard jitStackSize < MatchScratch.jitStackCap else { return false }
        let size = min(jitStackSize * 4, MatchScratch.jitStackCap)
        guard let grown = pcre2_jit_stack_create_8(MatchScratch.jitStackStart, size, nil) else { return false }
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(grown))
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        jitStack = grown
        jitStackSize = size
        return true
    }

    /// Runs `body` (one PCRE2 match call with this scratch's context) again after each
    /// `PCRE2_ERROR_JIT_STACKLIMIT` while ``growJITStack()`` can grow the stack.
    @inline(__always)
    func retryingOnJITStack(_ body: () -> Int32) -> Int32 {
        var status = body()
        while status == PCRE2_ERROR_JIT_STACKLIMIT && growJITStack() { status = body() }
        return status
    }

    /// A buffer of ``outputCapacity`` bytes for short substitution results, allocated on first
    /// use and kept for the thread's lifetime.
    var outputBuffer: UnsafeMutableBufferPointer<UInt8> {
        if let outputStorage {
            return UnsafeMutableBufferPointer(start: outputStorage, count: MatchScratch.outputCapacity)
        }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: MatchScratch.outputCapacity)
        outputStorage = storage
        return UnsafeMutableBufferPointer(start: storage, count: MatchScratch.outputCapacity)
    }

    /// Sets `limits` on the context unless they are already in force, with `matchLimit` as
    /// the match limit (``EngineLimits/match`` or a search's share of its total).
    @inline(__always)
    func apply(_ limits: EngineLimits, matchLimit: UInt32) {
        if appliedMatch != matchLimit {
            pcre2_set_match_limit_8(context, matchLimit)
            appliedMatch = matchLimit
        }
        if applied == limits { return }
        pcre2_set_depth_limit_8(context, limits.depth)
        pcre2_set_heap_limit_8(context, limits.heapKiB)
        applied = limits
    }

    /// Makes sure the ovector has room for `count` pairs (whole match plus captures).
    ///
    /// - Throws: ``EngineFailure`` (`PCRE2_ERROR_NOMEMORY`) when PCRE2 cannot allocate the
    ///   larger match data; the scratch keeps the one it had.
    @inline(__always)
    func reserve(pairs count: Int) throws {
        guard count > pairs else { return }
        guard let grown = pcre2_match_data_create_8(UInt32(count), nil) else {
            throw EngineFailure(stage: .match, code: PCRE2_ERROR_NOMEMORY, offset: nil)
        }
        pcre2_match_data_free_8(matchData)
        pairs = count
        matchData = grown
    }

    /// The ovector of the last match: `pairs * 2` byte offsets.
    var ovector: UnsafeMutablePointer<Int> { pcre2_get_ovector_pointer_8(matchData) }

    /// The calling thread's scratch, created on first use.
    static var current: MatchScratch {
        @inline(__always) get { slot.value(orMake: MatchScratch.init) }
    }

    /// Runs `body` with the calling thread's scratch, without retaining it (see
    /// ``ThreadLocal``: a retain/release pair per match is measurable on short subjects).
    @inline(__always)
    static func withCurrent<R>(_ body: (MatchScratch) throws -> R) rethrows -> R {
        try slot.withValue(orMake: MatchScratch.init, body)
    }

    /// The thread-local slot holding each thread's scratch.
    private static var slot: ThreadLocal<MatchScratch> {
        @inline(__always) get { ThreadLocal(cache: scratchKeyPlusOne) { scratchKey } }
    }
}

/// The thread-specific key holding each thread's retained ``MatchScratch``.
private let scratchKey = ThreadLocal<MatchScratch>.makeKey()
/// `scratchKey + 1` once it has been created, 0 before; see ``ThreadLocal``.
private let scratchKeyPlusOne = Atomic<UInt>(0)
