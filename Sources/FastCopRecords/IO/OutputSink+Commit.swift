import Dispatch
import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputSink {
    /// Finishes the output: closes the temporary file and renames it to the final path.
    ///
    /// - Throws: ``RecordsError`` when closing or renaming fails (the temporary file is removed).
    package func commit() throws {
        try Self.commit([self])
    }

    /// Finishes `sinks` in order as ``commit()`` finishes one, but removes the old contents of
    /// the files they replace at the same time, one thread each (the last on the calling
    /// thread). Removing a replaced file frees its cached pages and waits for those the system
    /// is still writing out: 3 to 20 ms for each of the 1M-row benchmark's two 42 MB outputs,
    /// one after the other before, at the end of the run when no other work is left (issue 14).
    ///
    /// - Throws: ``RecordsError`` as ``commit()`` does, for the first sink that fails (those after
    ///   it are left as they were: ``abandon()`` them); the old contents of the files replaced
    ///   before it are removed all the same.
    package static func commit(_ sinks: [OutputSink]) throws {
        var replaced: [(final: String, temporary: String)] = []
        var failure: (any Error)?
        for sink in sinks {
            do {
                if let old = try sink.putInPlace() { replaced.append(old) }
            } catch {
                failure = error
                break
            }
        }
        let refusals = remove(replaced.map(\.temporary))
        // Unregistered on this thread (see TemporaryFiles), once the temporary names are gone.
        for old in replaced { TemporaryFiles.unregister(old.temporary) }
        if let failure { throw failure }
        if let (index, reason) = refusals.first {
            let old = replaced[index]
            throw RecordsError(
                "'\(old.final)' was written, but its old contents could not be removed from "
                    + "'\(old.temporary)': \(reason)")
        }
    }

    /// Closes the temporary file and puts it in the final path's place. Returns the final path
    /// and the temporary name when that now holds the replaced file's old contents (still to
    /// be removed, and its name unregistered); nil when nothing is left to do.
    ///
    /// - Throws: ``RecordsError`` when closing or renaming fails (the temporary file is removed).
    private func putInPlace() throws -> (final: String, temporary: String)? {
        if case .special(let descriptor) = target {
            target = .discard
            if SystemCall.close(descriptor) != 0 {
                throw RecordsError("cannot write '\(name)': \(SystemError.describe(errno))")
            }
            return nil
        }
        guard case .file(let descriptor, let temporary, let final) = target else { return nil }
        target = .discard
        // The space reserved past the end is given back first (FileSpace).
        let refusal = space?.release() ?? 0
        if SystemCall.close(descriptor) != 0 || refusal != 0 {
            let reason = SystemError.describe(refusal != 0 ? refusal : errno)
            unlink(temporary)
            TemporaryFiles.unregister(temporary)
            throw RecordsError("cannot write '\(final)': \(reason)")
        }
        if Self.exchange(final, with: temporary) { return (final, temporary) }
        defer { TemporaryFiles.unregister(temporary) }
        if rename(temporary, final) != 0 {
            let reason = SystemError.describe(errno)
            unlink(temporary)
            throw RecordsError("cannot write '\(final)': \(reason)")
        }
        return nil
    }

    /// Puts `temporary` in the place of an existing regular file `final` by swapping the two
    /// (atomic, as a rename is); the old file is then under the temporary name. False when
    /// `final` is no regular file or the system cannot swap: then nothing was changed.
    ///
    /// Why not `rename(2)`: on ext4, a rename over an existing file first starts the writeback
    /// of the whole new file (the `auto_da_alloc` safeguard), which the run then waited for:
    /// about 40 ms for the benchmark's 75 MB of outputs, a tenth of the run. A swap does not.
    private static func exchange(_ final: String, with temporary: String) -> Bool {
        var status = stat()
        return lstat(final, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
            && SystemCall.exchange(temporary, final)
    }

    /// Unlinks `paths` at the same time, each on a thread of its own but the last (that one,
    /// and any whose thread the system refuses, on the calling thread). Returns the index and
    /// the system's reason of each that could not be removed.
    private static func remove(_ paths: [String]) -> [(Int, String)] {
        let refusals = Locked<[(Int, String)]>([])
        let done = DispatchGroup()
        for (index, path) in paths.enumerated() {
            let removal: @Sendable () -> Void = {
                if unlink(path) != 0 {
                    let reason = SystemError.describe(errno)
                    refusals.withLock { $0.append((index, reason)) }
                }
            }
            guard index < paths.count - 1 else {
                removal()
                break
            }
            done.enter()
            let refused = SystemThread.start {
                removal()
                done.leave()
            }
            if refused != 0 {
                done.leave()
                removal()
            }
        }
        done.wait()
        return refusals.withLock { $0.sorted { $0.0 < $1.0 } }
    }
}
