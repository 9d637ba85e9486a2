import Foundation
import Testing

@testable import FastCopRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FastCopRecords: an output file's space is reserved ahead on ext4 and given back at the end")
struct FileSpaceTests {
    /// Bytes the file system holds for the file at `path` (its blocks), or nil.
    static func allocated(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_blocks) * 512
    }

    /// Whether the folder at `path` is on ext4.
    static func isOnExt4(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return SystemCall.isOnExt4(descriptor)
    }

    /// Rows of mixed text in parts of 1 to 300 rows, `count` bytes or a little more.
    static func rows(_ count: Int) -> [[UInt8]] {
        let rows = (0..<300).map { Array("fila \($0),\"Zoë, ✓\",\($0 * 7919 % 100_003)\n".utf8) }
        let run = Array(rows.joined())
        var parts: [[UInt8]] = []
        var total = 0
        while total < count {
            let length = rows.prefix(1 + parts.count % 300).reduce(0) { $0 + $1.count }
            parts.append(Array(run[..<length]))
            total += length
        }
        return parts
    }

    @Test(
        "an output written in parts and whole buffers reads back byte for byte, with no space kept past its end",
        arguments: [300_000, 6_000_000])
    func writtenWholeAndTrimmed(size: Int) throws {
        try OutputSinkTests.withFolder { folder in
            let final = "\(folder)/clean,ø.csv"
            let temporary = "\(folder)/.clean,ø.csv.fastcop-\(getpid()).tmp"
            let parts = Self.rows(size)
            let sink = try OutputSink.open(final)
            let reserving = sink.space != nil
            #expect(reserving == Self.isOnExt4(folder))
            try sink.write(parts[0])
            try sink.write(contentsOf: Array(parts[1...]))
            let written = parts.reduce(0) { $0 + $1.count }
            if reserving, written >= FileSpace.smallestReserve {
                // Reserved ahead while being written: more space than bytes.
                #expect((Self.allocated(temporary) ?? 0) > written + (1 << 20))
            }
            try sink.commit()

            let back = try [UInt8](Data(contentsOf: URL(fileURLWithPath: final)))
            #expect(back == Array(parts.joined()))
            // What is left is the file's own blocks: nothing reserved past its end.
            let blocks = (written + 4095) / 4096 * 4096
            #expect((Self.allocated(final) ?? .max) <= blocks + 64 * 1024)
        }
    }

    @Test("an output given up after its space was reserved leaves no file behind")
    func abandonedAfterReserving() throws {
        try OutputSinkTests.withFolder { folder in
            let sink = try OutputSink.open("\(folder)/rejects,ø.csv")
            try sink.write(contentsOf: Self.rows(5_000_000))
            sink.abandon()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
    }

    @Test("a file system other than ext4 is not asked (the shared-memory folder, where there is one)")
    func otherFileSystems() throws {
        guard FileManager.default.fileExists(atPath: "/dev/shm") else { return }
        #expect(!Self.isOnExt4("/dev/shm"))
    }
}
