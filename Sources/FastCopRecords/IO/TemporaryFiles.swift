#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary output files of the current run, removed if the run is interrupted
/// (SIGINT, SIGTERM, SIGHUP), so that Ctrl-C never leaves half-written files behind.
///
/// The signal handler may only call async-signal-safe functions, so the paths are kept as
/// C strings in a fixed table allocated up front: the handler reads the table and calls
/// `unlink(2)`, nothing else.
package enum TemporaryFiles {
    private static let capacity = 8

    /// The table of registered paths (nil slots are free).
    ///
    /// Safe to share: it is written only by the main thread (register and unregister run
    /// there, before and after the rows are processed) and read by the signal handler, which
    /// runs on that same thread and at worst sees a slot about to be freed, whose file it
    /// unlinks once more (harmless).
    private nonisolated(unsafe) static let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()

    /// Whether the signal handlers are installed (main thread only, see `table`).
    private nonisolated(unsafe) static var handlersInstalled = false

    /// Remembers `path` for removal on interruption.
    static func register(_ path: String) {
        installHandlers()
        for slot in 0..<capacity where table[slot] == nil {
            table[slot] = strdup(path)
            return
        }
    }

    /// Forgets `path` (it was renamed or removed).
    static func unregister(_ path: String) {
        for slot in 0..<capacity {
            guard let entry = table[slot], String(cString: entry) == path else { continue }
            table[slot] = nil
            free(entry)
        }
    }

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        // The tool unblocks these signals at start (SignalMask.unblockTermination), so they
        // are delivered even when a parent started fastcop with them blocked.
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, removeTemporaryFilesAndExit)
        }
    }

    /// Called by the signal handlers (this file's and ``MappedInputGuard``'s): unlinks every
    /// registered file.
    static func unlinkAll() {
        for slot in 0..<capacity {
            if let entry = table[slot] { unlink(entry) }
        }
    }
}

/// The signal handler: removes the temporary files, then dies of the same signal with the
/// default action (so the shell sees the usual status, 130 for Ctrl-C).
private func removeTemporaryFilesAndExit(_ signalNumber: Int32) {
    TemporaryFiles.unlinkAll()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
