import FastCop
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `lines` section's file: generated email lines, one per line, written in order and
/// grown on demand, with what a one-by-one check of every line found.
///
/// The file is unlinked right after it is created, so it never outlives the run: it is
/// reached only through ``handle``, and the system frees its space when the descriptor
/// closes (when this object goes away, or when the process ends, whatever ends it).
final class LinesFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The open file (read-write), handed to child processes as their standard input.
    let handle: FileHandle
    /// Bytes written so far.
    private(set) var bytes = 0
    /// Lines written so far (a string ending in "\n" makes an empty line after it).
    private(set) var lines = 0
    /// Lines on which `Pattern.hasWholeMatch(in:)` with the email pattern is true.
    private(set) var matches = 0

    private var random = SplitMix64(seed: DataSets.linesSeed)
    private let pattern: Pattern

    init() throws {
        pattern = try Pattern(Pattern.emailSource)
        var template = Array((NSTemporaryDirectory() + "/fastcop-bench-lines-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create a file in \(NSTemporaryDirectory()): \(LinesFile.systemError())")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard unlink(path) == 0 else {
            throw Failure(description: "cannot unlink \(path): \(LinesFile.systemError())")
        }
    }

    /// Appends lines until the file holds at least `size` bytes (whole lines only).
    func grow(to size: Int) throws {
        try handle.seekToEnd()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        while bytes + buffer.count < size {
            let email = DataSets.nextEmail(&random)
            buffer.append(contentsOf: email.utf8)
            buffer.append(0x0A)
            if email.utf8.contains(0x0A) {
                for line in email.split(separator: "\n", omittingEmptySubsequences: false) { try count(line) }
            } else {
                try count(Substring(email))
            }
            if buffer.count >= 1 << 20 {
                try flush(&buffer)
            }
        }
        try flush(&buffer)
    }

    /// Moves the file position back to the start, for the next reader.
    func rewind() throws {
        try handle.seek(toOffset: 0)
    }

    private static func systemError() -> String {
        strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
    }

    private func count(_ line: Substring) throws {
        lines += 1
        if try pattern.hasWholeMatch(in: line) { matches += 1 }
    }

    private func flush(_ buffer: inout [UInt8]) throws {
        try handle.write(contentsOf: buffer)
        bytes += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
