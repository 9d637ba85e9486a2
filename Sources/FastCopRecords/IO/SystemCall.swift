#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the tool makes, under names that do not collide with methods called
/// `read`, `write` or `close` in the types that use them.
package enum SystemCall {
    /// `open(2)`; new files get mode 0666 (less the umask).
    static func open(_ path: String, flags: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.open(path, flags, 0o666)
        #else
            Glibc.open(path, flags, 0o666)
        #endif
    }

    /// `close(2)`.
    @discardableResult
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            Darwin.close(descriptor)
        #else
            Glibc.close(descriptor)
        #endif
    }

    /// `read(2)`.
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #else
            Glibc.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`.
    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, buffer, count)
        #else
            Glibc.write(descriptor, buffer, count)
        #endif
    }

    /// Whether the descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// `renameat2(2)` with `RENAME_EXCHANGE`: swaps the files at two paths in one atomic step.
    /// False when the system cannot (no `renameat2`: not Linux, an old glibc, a static build;
    /// a file system without the flag; a path that is missing): then nothing was changed.
    ///
    /// glibc declares `renameat2` only under `_GNU_SOURCE`, which Swift's Glibc module is not
    /// built with, so it is looked up by name.
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            guard let renameat2 = renameat2 else { return false }
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #else
            return false
        #endif
    }

    /// Whether `descriptor`'s file is on ext4 (`fstatfs(2)`'s `f_type`, `EXT4_SUPER_MAGIC`).
    static func isOnExt4(_ descriptor: Int32) -> Bool {
        #if os(Linux)
            guard let fstatfs = fstatfs else { return false }
            // `struct statfs` (120 bytes on 64-bit Linux) starts with `f_type`, a C `long`.
            let status = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
            defer { status.deallocate() }
            return fstatfs(descriptor, status) == 0 && status.load(as: Int.self) == 0xEF53
        #else
            return false
        #endif
    }

    /// `fallocate(2)` with `FALLOC_FL_KEEP_SIZE`: reserves the file's space for `count` bytes
    /// from `offset` without changing its size. Returns 0, or the system's error number.
    static func reserve(_ descriptor: Int32, from offset: Int, count: Int) -> Int32 {
        #if os(Linux)
            guard let fallocate = fallocate else { return ENOSYS }
            let keepSize: Int32 = 1  // FALLOC_FL_KEEP_SIZE, <linux/falloc.h>
            return fallocate(descriptor, keepSize, off_t(offset), off_t(count)) == 0 ? 0 : errno
        #else
            return ENOSYS
        #endif
    }

    #if os(Linux)
        // glibc declares these only under `_GNU_SOURCE` (or in headers Swift's Glibc module
        // leaves out): they are looked up by name, as `renameat2` is.
        private typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
        private static let fstatfs: FStatFS? = symbol("fstatfs")
        private typealias FAllocate = @convention(c) (Int32, Int32, off_t, off_t) -> Int32
        private static let fallocate: FAllocate? = symbol("fallocate")

        private static func symbol<Function>(_ name: String) -> Function? {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        }

        private typealias RenameAt2 =
            @convention(c) (
                Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
            ) -> Int32
        /// `RENAME_EXCHANGE` from <linux/fs.h>.
        private static let renameExchange: UInt32 = 1 << 1
        /// glibc's `renameat2`, when the process has it (2.28 and later).
        private static let renameat2: RenameAt2? = symbol("renameat2")
    #endif
}

/// The system's text for an `errno` value.
package enum SystemError {
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
