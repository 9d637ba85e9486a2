#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the SIGBUS that a mapped input raises when it shrinks under its map (another process
/// truncated or rewrote the file while it was read, see ``MappedFile``) into a clear error:
/// the run's temporary outputs are removed (as on Ctrl-C, see ``TemporaryFiles``), a message
/// names the file, and the tool exits with status 2, the status of unreadable input.
///
/// The handler calls only async-signal-safe functions (`unlink`, `write`, `_exit`); its message
/// is made up front.
enum MappedInputGuard {
    /// The message, as a C string (nil until a file is mapped).
    ///
    /// Safe to share: it is set before the first window is mapped (so before any SIGBUS a map
    /// can raise), on the reader's thread, and only read by the handler.
    private nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?

    /// Installs the handler (once per process), naming `name` in its message: the input mapped
    /// last (`fastcop match` maps its files one after the other). A message replaced is not
    /// freed: the handler may be reading it.
    static func install(naming name: String) {
        let first = message == nil
        message = strdup(
            "fastcop: '\(name)' became shorter while it was read (it is read through a memory map):"
                + " another program truncated or rewrote it; the run stopped, output files were left as they were\n")
        if first { signal(SIGBUS, mappedInputBusError) }
    }

    /// Called by the handler: writes the message to stderr.
    fileprivate static func report() {
        guard let message else { return }
        _ = write(STDERR_FILENO, message, strlen(message))
    }
}

/// The SIGBUS handler: removes the temporary outputs, says why, and exits with status 2.
private func mappedInputBusError(_ signalNumber: Int32) {
    TemporaryFiles.unlinkAll()
    MappedInputGuard.report()
    _exit(2)
}
