import Foundation
import Synchronization

extension OutputSink {
    /// Commits several outputs (``commit()`` each): all are closed, in order, before any is
    /// renamed, then the renames run at the same time.
    ///
    /// A rename over an existing large file is slow on ext4 (it starts writing the new file's
    /// data out and frees the old file's pages: measured about 20 ms for 40 MB), and it is the
    /// last serial step of a run; two outputs renamed together take the time of one.
    ///
    /// - Throws: ``RecordsError`` for the first output that could not be closed (none is then
    ///   renamed; their temporary files are removed) or renamed.
    package static func commit(_ sinks: [OutputSink]) throws {
        var renames: [PendingRename] = []
        do {
            for sink in sinks {
                if let rename = try sink.close() { renames.append(rename) }
            }
        } catch {
            for rename in renames { rename.discard() }
            throw error
        }
        guard renames.count > 1 else {
            try renames.first?.perform()
            return
        }
        let failures = Mutex<[Int: any Error]>([:])
        let finished = DispatchGroup()
        for index in renames.indices.dropFirst() {
            let rename = renames[index]
            finished.enter()
            Thread.detachNewThread {
                do { try rename.perform() } catch { failures.withLock { $0[index] = error } }
                finished.leave()
            }
        }
        do { try renames[0].perform() } catch { failures.withLock { $0[0] = error } }
        finished.wait()
        let first = failures.withLock { errors in errors.keys.min().map { errors[$0]! } }
        if let first { throw first }
    }
}
