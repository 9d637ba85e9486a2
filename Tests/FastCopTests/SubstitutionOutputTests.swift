import Testing

@testable import FastCop

/// The one grow-and-retry loop around `pcre2_substitute` (``SubstitutionOutput``), on its own
/// and through every substitution that uses it.
@Suite("SubstitutionOutput: pcre2_substitute's output grown to the size PCRE2 asks for")
struct SubstitutionOutputTests {
    /// Output as a byte array, for the loop on its own.
    static func bytes(_ capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { $1 = fill($0) }
    }

    /// A status other than the output's size (PCRE2_ERROR_MATCHLIMIT's value).
    static let otherError: Int32 = -47

    @Test("a first attempt too small is retried once at the size PCRE2 asked for")
    func retriesAtTheAskedSize() {
        var capacities: [Int] = []
        let result = SubstitutionOutput.run(capacity: 4, make: Self.bytes) { output, length in
            capacities.append(length)
            guard length >= 10, let output else {
                length = 10
                return SubstitutionOutput.outputTooSmall
            }
            for index in 0..<10 { output[index] = UInt8(ascii: "a") + UInt8(index) }
            length = 10
            return 3
        }
        #expect(capacities == [4, 10])
        #expect(result.status == 3)
        #expect(result.output == Array("abcdefghij".utf8))
    }

    @Test("an error is handed back at once, and a second attempt that does not fit ends with NOMEMORY")
    func errorsAreHandedBack() {
        var calls = 0
        let failed = SubstitutionOutput.run(capacity: 4, make: Self.bytes) { _, _ in
            calls += 1
            return Self.otherError
        }
        #expect(failed.status == Self.otherError && failed.output == nil && calls == 1)
        calls = 0
        let growing = SubstitutionOutput.run(capacity: 4, make: Self.bytes) { _, length in
            calls += 1
            length += 1
            return SubstitutionOutput.outputTooSmall
        }
        #expect(growing.status == SubstitutionOutput.outputTooSmall && growing.output == nil && calls == 2)
    }

    @Test("no substitution writes nothing; the thread's buffer serves results that fit it")
    func nothingSubstituted() {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        let none = SubstitutionOutput.run(capacity: 8, make: SubstitutionOutput.string(reusing: buffer)) { _, _ in 0 }
        #expect(none.status == 0 && none.output == "")
        var given: UnsafeMutablePointer<UInt8>?
        let short = SubstitutionOutput.run(capacity: 8, make: SubstitutionOutput.string(reusing: buffer)) {
            output, length in
            given = output
            output?.update(from: Array("ok".utf8), count: 2)
            length = 2
            return 1
        }
        #expect(short.output == "ok" && given == buffer.baseAddress)
        let long = SubstitutionOutput.run(capacity: 64, make: SubstitutionOutput.string(reusing: buffer)) {
            output, length in
            given = output
            output?.update(repeating: UInt8(ascii: "x"), count: 40)
            length = 40
            return 1
        }
        #expect(long.output == String(repeating: "x", count: 40) && given != buffer.baseAddress)
    }

    @Test(
        "substitutions whose output outgrows the first estimate, in the thread's buffer and beyond it",
        arguments: [10, 3_000, 20_000])
    func outgrowingSubstitutions(length: Int) throws {
        let subject = String(repeating: "ab", count: length / 2)
        let expected = String(repeating: "<a-a>b", count: length / 2)
        #expect(try Pattern("a").replacing(in: subject, with: "<$0-$0>") == expected)
        #expect(try Pattern("a").replacing(in: subject, withLiteral: "<a-a>") == expected)
    }
}
