import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("fastcop clean: hostile conditions")
struct HostileToolTests {
    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }

    @Test("a full disk is a clear error with status 2, and the device stays a device")
    func fullDisk() throws {
        try #require(Self.isCharacterDevice("/dev/full"))
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("in.csv", "email,phone\nada@example.com,+441234567\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "/dev/full", "--discard-rejects", "--quiet",
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot write '/dev/full'"), "\(result.stderr)")
            #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(Self.isCharacterDevice("/dev/full"))
        }
    }

    @Test("/dev/null as an output is written to, not replaced")
    func devNull() throws {
        try #require(Self.isCharacterDevice("/dev/null"))
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("in.csv", "email,phone\nada@example.com,+441234567\nbad,1\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "/dev/null", "--rejects", "rejects.csv", "--quiet",
            ])
            #expect(result.status == 1)
            #expect(Self.isCharacterDevice("/dev/null"))
            #expect(tool.read("rejects.csv")?.contains("bad,1") == true)
        }
    }

    /// `/proc/self/fd/1` is how a user names stdout when stdout is a file (`> out.txt`); the
    /// rejects must go there, in place. (Renaming into /proc fails harmlessly, so this path is
    /// safe to test; `/dev/stdout` takes the same branch.)
    @Test("the process's own stdout as a path is written in place", arguments: ["/proc/self/fd/1", "/dev/fd/1"])
    func ownDescriptor(path: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("in.csv", "email,phone\nada@example.com,+441234567\nbad,1\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", path, "--quiet",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.contains("bad,1"), "stdout: \(result.stdout) stderr: \(result.stderr)")
            #expect(tool.read("clean.csv")?.contains("ada@example.com") == true)
        }
    }

    @Test("an output that is a symbolic link keeps the link; its target gets the rows")
    func symbolicLinkOutput() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write("in.csv", "email,phone\nada@example.com,+441234567\nbad,1\n")
            try tool.write("target.csv", "old\n")
            try FileManager.default.createSymbolicLink(atPath: tool.path("link.csv"), withDestinationPath: "target.csv")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "link.csv", "--rejects", "rejects.csv", "--quiet",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: tool.path("link.csv"))
            #expect(destination == "target.csv")
            #expect(tool.read("target.csv")?.contains("ada@example.com") == true)
        }
    }

    /// Starts the tool with `arguments` in `tool`'s directory, reading a pipe that stays open,
    /// its output thrown away.
    static func start(_ arguments: [String], in tool: ToolRunner) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = try ToolRunner.binary()
        process.arguments = arguments
        process.currentDirectoryURL = tool.directory
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input)
    }

    @Test("killing a run mid-way leaves no output file", arguments: [SIGTERM, SIGINT, SIGKILL])
    func killed(signal: Int32) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            let (process, input) = try Self.start(
                [
                    "clean", "-", "--format", "csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects",
                    "rejects.csv", "--quiet",
                ], in: tool)
            // Rows keep coming and the input never ends: the run is mid-way when it is killed.
            var rows = "email,phone\n"
            for index in 0..<20_000 { rows += "user\(index)@example.com,+4412345\(index % 10)\n" }
            try input.fileHandleForWriting.write(contentsOf: Data(rows.utf8))
            Thread.sleep(forTimeInterval: 0.5)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(process.terminationStatus != 0)
            #expect(!tool.exists("clean.csv"))
            #expect(!tool.exists("rejects.csv"))
            if signal != SIGKILL {
                // A handled signal also removes the temporary files.
                #expect(tool.listing() == ["rules.json"])
                return
            }
            // Killed outright, the run could remove nothing: the next run writing the same
            // outputs removes what it left.
            let pid = process.processIdentifier
            #expect(tool.listing().contains(".clean.csv.fastcop-\(pid).tmp"))
            try tool.write("in.csv", "email,phone\nzoë@example.com,+44123456\n")
            let next = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv", "--quiet",
            ])
            #expect(next.status != 2, "\(next.stderr)")
            #expect(tool.listing() == ["clean.csv", "in.csv", "rejects.csv", "rules.json"])
        }
    }

    @Test("a match on an input that never ends stops when it is told to", arguments: [SIGTERM, SIGINT])
    func matchStops(signal: Int32) throws {
        // Started from a test worker thread, whose blocked signals the child inherits: the tool
        // must unblock them itself, or the kill stays pending and the search runs on.
        try ToolRunner.withRunner { tool in
            let (process, input) = try Self.start(["match", "-c", "zoë"], in: tool)
            try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: "zoë é\n", count: 10_000).utf8))
            Thread.sleep(forTimeInterval: 0.5)
            kill(process.processIdentifier, signal)
            // Wait at most ten seconds: a run that ignored the signal is a failure, not a hang.
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            let stopped = !process.isRunning
            if !stopped { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(stopped, "fastcop match ignored signal \(signal)")
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == (stopped ? signal : SIGKILL))
        }
    }

    @Test("binary garbage is rejected line by line, every line accounted for", arguments: ["lines", "jsonl"])
    func garbage(format: String) throws {
        var bytes: [UInt8] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let nonEmpty = lines.filter { !$0.isEmpty && $0 != [0x0D] }.count
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [{"length": {"maximum": 40}}]}}}"#)
            try tool.write("garbage.bin", bytes: bytes)
            let result = try tool.run([
                "clean", "garbage.bin", "--format", format, "--rules", "rules.json", "-o", "clean.out", "--rejects",
                "rejects.out", "--summary", "json", "--quiet",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            let summary = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let rowsIn = try #require(summary["rowsIn"] as? Int ?? summary["rows_in"] as? Int)
            let clean = try #require(summary["clean"] as? Int)
            let rejected = try #require(summary["rejected"] as? Int)
            #expect(rowsIn == clean + rejected)
            #expect(rowsIn >= nonEmpty - 1 && rowsIn <= lines.count)
            #expect(rejected > 0)
        }
    }
}
