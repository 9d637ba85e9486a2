#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals that ask a run to stop.
package enum SignalMask {
    /// Unblocks SIGINT, SIGTERM and SIGHUP on the calling (main) thread, before any worker
    /// thread starts (threads inherit the mask they are created with).
    ///
    /// A parent may start fastcop with these signals blocked: the mask is inherited, and
    /// Foundation's `Process` passes on the mask of the thread that spawns the child. A kill
    /// would then stay pending and every command (not only `clean`, which installs handlers for
    /// its temporary files) would run on; unblocked, they end the run with their usual action.
    package static func unblockTermination() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
