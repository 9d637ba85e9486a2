import Foundation
import Testing

@testable import FastCop

/// The watched search's clocks (`SearchWatch`, the callout in the CPCRE2 shim): a search
/// stops when its thread's CPU time has passed the allowance, or the monotonic clock its
/// limit; time the thread spends off its core does not count.
@Suite("Watched search: the callout's clocks")
struct SearchWatchTests {
    static let stop = Int32(-37)  // PCRE2_ERROR_CALLOUT

    /// A watch whose coarse deadline has passed, with the given CPU deadline and wall limit.
    static func due(cpuDeadline: UInt64, wallLimit: UInt64) -> SearchWatch {
        SearchWatch(deadline: 0, cpuDeadline: cpuDeadline, wallLimit: wallLimit, calloutPosition: 12)
    }

    @Test("before the coarse deadline the search goes on")
    func beforeTheDeadline() {
        var watch = SearchWatch(deadline: .max, cpuDeadline: 0, wallLimit: 0, calloutPosition: 12)
        #expect(watch.calloutAnswer(at: 5) == 0)
        #expect(watch.stoppedAt == nil)
    }

    @Test("past the coarse deadline with CPU time left: it goes on, and waits for what is left")
    func cpuTimeLeft() {
        let left: UInt64 = 2_000_000_000
        let wallLimit = SearchWatch.coarseTime + 10 * left
        var watch = Self.due(cpuDeadline: SearchWatch.threadCPUTime + left, wallLimit: wallLimit)
        #expect(watch.calloutAnswer(at: 5) == 0)
        #expect(watch.stoppedAt == nil)
        // The next reading is when the CPU time could be spent at the earliest.
        #expect(watch.state.deadline > SearchWatch.coarseTime + left / 2)
        #expect(watch.state.deadline <= wallLimit)
    }

    @Test("the next reading is never past the wall limit")
    func nextReadingWithinTheLimit() {
        let wallLimit = SearchWatch.coarseTime + 1_000_000
        var watch = Self.due(cpuDeadline: .max, wallLimit: wallLimit)
        #expect(watch.calloutAnswer(at: 5) == 0)
        #expect(watch.state.deadline == wallLimit)
    }

    @Test(
        "the CPU time spent or the wall limit passed stops the search where it is",
        arguments: [(cpuDeadline: UInt64(0), wallLimit: UInt64.max), (cpuDeadline: .max, wallLimit: 0)])
    func stops(cpuDeadline: UInt64, wallLimit: UInt64) {
        var watch = Self.due(cpuDeadline: cpuDeadline, wallLimit: wallLimit)
        #expect(watch.calloutAnswer(at: 3_141) == Self.stop)
        #expect(watch.stoppedAt == 3_141)
    }

    @Test("the clocks are read at every eighth failed start position")
    func everyEighth() {
        var watch = SearchWatch(deadline: .max, cpuDeadline: .max, wallLimit: .max, calloutPosition: 12)
        #expect(watch.calloutAnswer(at: 0) == 0)
        watch.state.deadline = 0
        watch.state.cpu_deadline = 0
        let answers = (1...8).map { watch.calloutAnswer(at: $0) }
        #expect(answers == Array(repeating: 0, count: 7) + [Self.stop])
        #expect(watch.stoppedAt == 8)
    }

    @Test("another callout of the pattern passes")
    func otherCallouts() {
        var watch = Self.due(cpuDeadline: 0, wallLimit: 0)
        #expect(watch.calloutAnswer(at: 1, patternPosition: 40) == 0)
        #expect(watch.stoppedAt == nil)
        #expect(watch.calloutAnswer(at: 1) == Self.stop)
    }

    @Test("time asleep does not count; CPU time spent does")
    func asleepAndBusy() {
        let allowance: UInt64 = 20_000_000
        var watch = SearchWatch(allowance: allowance, calloutPosition: 12)
        Thread.sleep(forTimeInterval: 0.06)  // three times the allowance on the wall clock
        #expect(watch.cpuSpent < allowance)
        #expect(watch.calloutAnswer(at: 1) == 0)
        #expect(watch.stoppedAt == nil)
        // Spend the allowance (and the coarse clock's few milliseconds) on this thread's CPU.
        var spin: UInt64 = 0
        while watch.cpuSpent < allowance + 10_000_000 { spin &+= 1 }
        let answers = (2...9).map { watch.calloutAnswer(at: $0) }
        #expect(answers.last == Self.stop)
        #expect(watch.stoppedAt == 9)
        #expect(spin > 0)
    }
}
