#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text to stdout and stderr, unbuffered (each call is one write).
package enum Console {
    /// Writes `text` to stdout.
    package static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes `text` to stderr.
    package static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var pointer = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = SystemCall.write(descriptor, pointer, remaining)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                pointer += written
                remaining -= written
            }
        }
    }
}
