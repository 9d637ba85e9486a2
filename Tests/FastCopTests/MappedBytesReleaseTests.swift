import Foundation
import Testing

@testable import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``MappedBytes/release(_:)``: a file's map drops the pages of bytes already searched (so
/// that no thread unmaps them all at the end), and memory a caller wrote is never dropped.
@Suite("Mapped input: pages given back once searched")
struct MappedBytesReleaseTests {
    /// The resident kilobytes of the mapping that holds `address` (`Rss:` in
    /// `/proc/self/smaps`), or nil where the system does not say.
    static func residentKiB(ofMappingAt address: UnsafeRawPointer) -> Int? {
        // (Read to its end with read(2): procfs gives its files no size.)
        let file = open("/proc/self/smaps", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            text += chunk.prefix(count)
        }
        let smaps = String(decoding: text, as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            let bounds = line.prefix { $0 != " " }.split(separator: "-")
            if bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16) {
                inMapping = low <= target && target < high
            } else if inMapping && line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])
            }
        }
        return nil
    }

    @Test("a file's map: the pages wholly inside a released range are dropped, and read again as they were")
    func fileMap() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let contents = (0..<(64 * page)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fastcop-release-\(UUID()).bin")
        try Data(contents).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let map = try #require(mmap(nil, contents.count, PROT_READ, MAP_PRIVATE, descriptor, 0))
        try #require(map != MAP_FAILED)
        defer { munmap(map, contents.count) }
        let bytes = UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: contents.count)
        let mapped = MappedBytes(bytes, owner: Data() as AnyObject, releases: true)
        var sum = 0
        for index in stride(from: 0, to: bytes.count, by: page) { sum &+= Int(bytes[index]) }  // every page mapped
        let before = try #require(Self.residentKiB(ofMappingAt: map))
        #expect(before == contents.count / 1024)
        // Not page-aligned: the pages partly outside stay.
        mapped.release((page / 2)..<(40 * page + 1))
        let after = try #require(Self.residentKiB(ofMappingAt: map))
        #expect(after == before - 39 * page / 1024)
        #expect(Array(bytes) == contents)  // read again from the file
        #expect(sum != 0)
    }

    @Test("memory a caller wrote (Batch.matchLines' buffer) is not dropped: its bytes stay")
    func callerMemory() {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * page, alignment: page)
        defer { memory.deallocate() }
        let bytes = UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: 16 * page)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index % 251 + 1) }
        let owner = [UInt8]() as AnyObject
        let reader = LineBlockReader(memory: UnsafeBufferPointer(bytes), owner: owner)
        reader.release(0..<bytes.count)
        MappedBytes(UnsafeBufferPointer(bytes), owner: owner).release(0..<bytes.count)
        #expect(bytes.indices.allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 % 251 + 1) })
    }
}
