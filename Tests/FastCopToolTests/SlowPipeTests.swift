import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fastcop clean` and `fastcop match` reading a pipe that is fed slowly and kept open (`tail -f`,
/// a producer that pauses): rows and lines are answered as they arrive, and a stop does not wait
/// for input that has not been sent.
@Suite("fastcop on a pipe fed slowly: rows and lines answered as they come, a stop not held back")
struct SlowPipeTests {
    /// How long a test waits for what it expects before it gives up (and then ends the input,
    /// so that a tool that waits for it is not left hanging).
    static let patience: TimeInterval = 20

    /// A running `fastcop` whose stdin and stdout are pipes held by the test.
    final class Session {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private(set) var received: [UInt8] = []

        init(_ tool: ToolRunner, _ arguments: [String]) throws {
            process.executableURL = try ToolRunner.binary()
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: tool.path("."))
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        func send(_ text: String) {
            input.fileHandleForWriting.write(Data(text.utf8))
        }

        /// Reads stdout until `done` holds for what came, or `patience` has passed; whether it
        /// held.
        func receive(until done: (String) -> Bool) -> Bool {
            let descriptor = output.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(SlowPipeTests.patience)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !done(String(decoding: received, as: UTF8.self)) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return false }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return done(String(decoding: received, as: UTF8.self)) }
                received += chunk[..<count]
            }
            return true
        }

        /// Sends each piece and waits for what it must bring on stdout (a test on all that came
        /// so far) before the next; whether each came while the pipe stayed open.
        func exchange(_ pieces: [(send: String, until: (String) -> Bool)]) -> [Bool] {
            pieces.map { piece in
                send(piece.send)
                return receive(until: piece.until)
            }
        }

        /// Whether the process ended within `patience`.
        func endsInTime() -> Bool {
            let deadline = Date().addingTimeInterval(SlowPipeTests.patience)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            return !process.isRunning
        }

        /// Ends the input and waits for the process; its status.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            _ = receive { _ in false }  // drains stdout to its end
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test("a clean row is written while the pipe stays open, before the input ends")
    func rowsAnsweredAsTheyCome() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            let session = try Session(
                tool,
                [
                    "clean", "-", "--format", "csv", "--rules", "rules.json", "-o", "-", "--rejects", "rejects.csv",
                    "--quiet",
                ])
            let answered = session.exchange([
                ("name,email,phone\nZoë,Zoe@Example.com ,+44 20 7946 0958\n", { $0.contains("+442079460958\n") }),
                ("Åsa,bad,1\nLi,li@example.org,555 0101 234\n", { $0.contains("Li,li@example.org,5550101234\n") }),
            ])
            let status = session.finish()
            #expect(answered == [true, true], "a row came only when the input ended")
            #expect(status == 1)  // a row was rejected
            #expect(
                String(decoding: session.received, as: UTF8.self)
                    == "name,email,phone\nZoë,zoe@example.com,+442079460958\nLi,li@example.org,5550101234\n")
        }
    }

    @Test("pipe mode answers each JSON Lines row before the next is sent")
    func pipeModeAnswersEachRow() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            let session = try Session(
                tool, ["clean", "-", "--format", "jsonl", "--rules", "rules.json", "--output-mode", "lines", "--quiet"])
            let rows = [
                (
                    #"{"name": "Zoë", "email": " Zoe@Example.com ", "phone": "+44 20 7946 0958"}"#,
                    "ok\t{\"name\": \"Zoë\""
                ),
                (#"{"email": "bad", "phone": "1"}"#, "rejected\temail; phone\t"),
                (#"{"phone": "555 0101 234"}"#, "rejected\temail\t"),
            ]
            let answers = session.exchange(
                rows.map { row, answer in
                    (row + "\n", { $0.split(separator: "\n").last?.hasPrefix(answer) ?? false })
                })
            let status = session.finish()
            #expect(answers == [true, true, true], "an answer came only when the input ended")
            #expect(status == 1)
            #expect(String(decoding: session.received, as: UTF8.self).split(separator: "\n").count == 3)
        }
    }

    @Test("match prints a matching line while the pipe stays open, as grep does", arguments: [[], ["-n"]])
    func matchAnswersAsLinesCome(options: [String]) throws {
        try ToolRunner.withRunner { tool in
            let session = try Session(tool, ["match"] + options + ["ERROR"])
            let answered = session.exchange([
                ("one ERROR in Zoë's log\ntwo\n", { $0.hasSuffix("one ERROR in Zoë's log\n") }),
                ("three ERROR ✓\n", { $0.hasSuffix("three ERROR ✓\n") }),
            ])
            let status = session.finish()
            #expect(answered == [true, true], "a line came only when the input ended")
            #expect(status == 0)
            let prefix = options.isEmpty ? ["", ""] : ["1:", "3:"]
            #expect(
                String(decoding: session.received, as: UTF8.self)
                    == "\(prefix[0])one ERROR in Zoë's log\n\(prefix[1])three ERROR ✓\n")
        }
    }

    /// (JSON Lines is left out: its first block is read full, as the sample the rules fields
    /// are looked for in.)
    @Test("--strict ends the run at a malformed row although the pipe stays open", arguments: ["csv", "tsv"])
    func strictStopNotHeldBack(format: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            let session = try Session(
                tool,
                ["clean", "-", "--format", format, "--rules", "rules.json", "-o", "clean.out", "--strict"])
            session.send(
                format == "csv"
                    ? "name,email,phone\nZoë,zoe@example.com,+44 20 7946 0958\nonly one field\n"
                    : "name\temail\tphone\nZoë\tzoe@example.com\t+44 20 7946 0958\nonly one field\n")
            let ended = session.endsInTime()
            let status = session.finish()
            #expect(ended, "fastcop waited for input that was never sent")
            #expect(status == 2)
            #expect(!tool.exists("clean.out"))
        }
    }
}
