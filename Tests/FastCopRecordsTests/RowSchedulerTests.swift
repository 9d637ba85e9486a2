import FastCop
import Synchronization
import Testing

@testable import FastCopRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FastCopRecords: the row scheduler when the system refuses threads")
struct RowSchedulerTests {
    /// Starts the first `allowed` threads asked for and refuses the others, as a thread or
    /// memory limit does (`EAGAIN`).
    final class Refuser: Sendable {
        let allowed: Int
        let asked = Atomic<Int>(0)

        init(allowing allowed: Int) { self.allowed = allowed }

        func start(_ body: @escaping @Sendable () -> Void) throws(SystemThread.Refusal) -> WorkerPool.Running {
            guard asked.add(1, ordering: .relaxed).newValue <= allowed else { throw SystemThread.Refusal(code: EAGAIN) }
            return try WorkerPool.shared.start(body)
        }
    }

    /// Lines with a non-ASCII letter, run through an uppercase rule in small blocks by a
    /// scheduler whose threads `refuser` starts; the clean output.
    static func run(lines: Int, workers: Int, refuser: Refuser) throws -> [UInt8] {
        let rules = try RulesLoader.compile(
            Array(#"{"fields": {"line": {"filters": ["uppercase"]}}}"#.utf8), name: "rules.json")
        let input = (0..<lines).map { "é ß line \($0)\n" }.joined()
        let reader = RecordReader(
            source: .memory(Array(input.utf8), name: "input"), splitter: LineRecordSplitter(skipsBlankLines: false),
            blockSize: 16 * 1024)
        let first = try #require(try reader.next())
        let processor = RowProcessor(
            codec: try LinesCodec(rules: rules, crlf: false), evaluator: RowEvaluator(rules: rules), mode: .split,
            strict: false)
        let scheduler = RowScheduler(reader: reader, processor: processor, workers: workers, startLoop: refuser.start)
        var clean: [UInt8] = []
        try scheduler.run(first: first) { results in for result in results { clean += result.clean } }
        return clean
    }

    @Test("workers the system refuses: the run goes on with those that started, every row in order")
    func someWorkersRefused() throws {
        let lines = 20_000
        let clean = try Self.run(lines: lines, workers: 6, refuser: Refuser(allowing: 3))
        #expect(String(decoding: clean, as: UTF8.self) == (0..<lines).map { "É SS LINE \($0)\n" }.joined())
    }

    @Test("no thread at all (the reader, or every worker, refused): a clear error, no hang", arguments: [0, 1])
    func noThreads(allowed: Int) throws {
        #expect {
            _ = try Self.run(lines: 1_000, workers: 2, refuser: Refuser(allowing: allowed))
        } throws: { error in
            "\(error)".hasPrefix("cannot start a thread to process rows: Resource temporarily unavailable")
        }
    }
}
