import Foundation
import Testing

@testable import FastCopRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FastCopRecords: an output file is created new and replaced whole")
struct OutputSinkTests {
    /// A fresh folder for one test, removed afterwards.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fastcop-sink-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    static func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a link planted at the temporary file's name is not followed", arguments: [false, true])
    func plantedLinkIsNotFollowed(outputExists: Bool) throws {
        try Self.withFolder { folder in
            let victim = "\(folder)/victim.txt"
            let final = "\(folder)/out,ü.csv"
            try "keep me\n".write(toFile: victim, atomically: false, encoding: .utf8)
            if outputExists { try "old\n".write(toFile: final, atomically: false, encoding: .utf8) }
            let temporary = "\(folder)/.out,ü.csv.fastcop-\(getpid()).tmp"
            #expect(symlink(victim, temporary) == 0)

            let sink = try OutputSink.open(final)
            try sink.write("new rows\n")
            try sink.commit()

            #expect(try Self.contents(victim) == "keep me\n")
            #expect(try Self.contents(final) == "new rows\n")
            var status = stat()
            #expect(lstat(temporary, &status) != 0, "no temporary file is left")
        }
    }

    @Test("parts written in one call arrive whole and in order (empty ones, more than writev takes at once)")
    func gatheredParts() throws {
        let parts: [[UInt8]] = (0..<2_500).map { index in index % 7 == 0 ? [] : Array("línea \(index) ✓\n".utf8) }
        let expected = String(decoding: parts.joined(), as: UTF8.self)
        try Self.withFolder { folder in
            let final = "\(folder)/matches,ß.txt"
            let sink = try OutputSink.open(final)
            try sink.write(contentsOf: parts)
            try sink.write(contentsOf: [])
            try sink.commit()
            #expect(try Self.contents(final) == expected)
        }
        let memory = OutputSink.memory(name: "memory")
        try memory.write(contentsOf: parts)
        #expect(String(decoding: memory.contents, as: UTF8.self) == expected)
    }

    @Test(
        "outputs committed together replace their files (the old contents removed at the same time), or are created",
        arguments: [0, 1, 2, 3])
    func committedTogether(existing: Int) throws {
        try Self.withFolder { folder in
            let finals = ["\(folder)/clean,é.csv", "\(folder)/rejects,é.csv", "\(folder)/third,é.csv"]
            for final in finals.prefix(existing) {
                try "old contents\n".write(toFile: final, atomically: false, encoding: .utf8)
            }
            let sinks = try finals.map { try OutputSink.open($0) }
            for (index, sink) in sinks.enumerated() { try sink.write("new \(index) ✓\n") }
            try OutputSink.commit(sinks)

            for (index, final) in finals.enumerated() { #expect(try Self.contents(final) == "new \(index) ✓\n") }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
            #expect(left.isEmpty, "no temporary file is left")
        }
    }

    @Test("a stale temporary file of the same name is replaced, not written into")
    func staleTemporaryFile() throws {
        try Self.withFolder { folder in
            let final = "\(folder)/clean.csv"
            let temporary = "\(folder)/.clean.csv.fastcop-\(getpid()).tmp"
            try "stale stale stale stale\n".write(toFile: temporary, atomically: false, encoding: .utf8)

            let sink = try OutputSink.open(final)
            try sink.write("a\n")
            try sink.commit()

            #expect(try Self.contents(final) == "a\n")
        }
    }

    /// The ID of a process that has ended (a `true` run and waited for).
    static func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("temporary outputs that killed runs left beside the same output are removed; a live run's are kept")
    func leftoversOfKilledRuns() throws {
        try Self.withFolder { folder in
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
            sleeper.arguments = ["60"]
            try sleeper.run()
            defer { sleeper.terminate() }
            let ended = try Self.endedProcessID()
            let final = "\(folder)/out,ü.csv"
            let killed = "\(folder)/.out,ü.csv.fastcop-\(ended).tmp"
            let live = "\(folder)/.out,ü.csv.fastcop-\(sleeper.processIdentifier).tmp"
            // A run whose PID means nothing here (another PID namespace, another host): its lock.
            let locked = "\(folder)/.out,ü.csv.fastcop-\(try Self.endedProcessID()).tmp"
            // Not this output's: another output, another form of ü (u + U+0308), not a PID.
            let others = [
                "\(folder)/.rejects.csv.fastcop-\(ended).tmp", "\(folder)/.out,u\u{308}.csv.fastcop-\(ended).tmp",
                "\(folder)/.out,ü.csv.fastcop-+\(ended).tmp", "\(folder)/.out,ü.csv.fastcop-.tmp",
            ]
            for path in [killed, live, locked] + others {
                try "half-written rows\n".write(toFile: path, atomically: false, encoding: .utf8)
            }
            let lock = open(locked, O_RDONLY)
            defer { close(lock) }
            #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)

            let sink = try OutputSink.open(final)
            try sink.write("rows ✓\n")
            try sink.commit()

            #expect(try Self.contents(final) == "rows ✓\n")
            #expect(!FileManager.default.fileExists(atPath: killed))
            for path in [live, locked] + others {
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            }
        }
    }
}
