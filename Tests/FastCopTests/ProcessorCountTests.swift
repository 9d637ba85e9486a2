import Foundation
import Testing

@testable import FastCop

@Suite("ProcessorCount: the cores a batch or the tool may use")
struct ProcessorCountTests {
    @Test(
        "a kernel CPU list counts its CPUs",
        arguments: [
            ("0", 1), ("0-1", 2), ("0-3,8,10-11", 7), (" 2-5\n", 4), ("0,2,4,6", 4),
        ] as [(String, Int)])
    func cpuList(list: String, count: Int) {
        #expect(ProcessorCount.cpuCount(inList: Substring(list)) == count)
    }

    @Test("a text that is not a CPU list counts as unknown", arguments: ["", "a-b", "3-1", "1-2-3", "x"])
    func notAList(list: String) {
        #expect(ProcessorCount.cpuCount(inList: Substring(list)) == nil)
    }

    #if os(Linux)
        @Test("the active count stays within the CPUs this process may run on")
        func withinAffinity() throws {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
            let allowed = try #require(ProcessorCount.cpuCount(inList: line.dropFirst("Cpus_allowed_list:".count)))
            #expect(ProcessorCount.active >= 1)
            #expect(ProcessorCount.active <= allowed)
        }
    #endif
}
