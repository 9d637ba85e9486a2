import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// This process's memory, from `/proc/self/status` and glibc's allocator (Linux).
///
/// The peak (`VmHWM`) is process-wide, so the sections that report one measure it in a child
/// process that does nothing else (see ``ChildProcess``), after ``resetPeak()``.
enum ProcessMemory {
    /// A `kB` field of `/proc/self/status` ("VmRSS", "VmHWM"), in bytes; nil when unreadable.
    static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(number).map { $0 * 1024 }
        }
        return nil
    }

    /// Resident memory now, in bytes.
    static var resident: Int? { status("VmRSS") }

    /// The most resident memory since the process started or since ``resetPeak()``, in bytes.
    static var peak: Int? { status("VmHWM") }

    /// Sets the peak (`VmHWM`) back to the resident memory now (Linux 4.0 and later: writing
    /// "5" to `/proc/self/clear_refs`). Returns false when the kernel refused.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Gives freed heap memory back to the system (glibc's `malloc_trim(0)`, all arenas), so
    /// that resident memory counts live data. `malloc.h` is not in Swift's Glibc module, so
    /// the function is looked up at run time; elsewhere this does nothing.
    static func trim() {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    /// "12.3 MB" (decimal megabytes).
    static func megabytes(_ bytes: Int) -> String {
        Format.fixed(Double(bytes) / 1e6, 1) + " MB"
    }
}
