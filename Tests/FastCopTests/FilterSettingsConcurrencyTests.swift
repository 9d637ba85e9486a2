import Foundation
import Testing

@testable import FastCop

/// A filter of a user's own that appends a fixed text (immutable, Sendable as it is).
private struct AppendFilter: StringFilter {
    let text: String
    func apply(to value: String) throws -> String? { value + text }
}

/// Runs `readers` tasks calling `read` `rounds` times each, while one task calls `write`
/// `writes` times; returns every reader's results, in order.
private func readWhileWriting<T: Sendable>(
    readers: Int = 4, rounds: Int = 300, writes: Int = 300,
    write: @escaping @Sendable (Int) -> Void, read: @escaping @Sendable () throws -> T
) async throws -> [[T]] {
    try await withThrowingTaskGroup(of: [T]?.self) { group in
        group.addTask {
            for index in 0..<writes { write(index) }
            return nil
        }
        for _ in 0..<readers {
            group.addTask { try (0..<rounds).map { _ in try read() } }
        }
        var all: [[T]] = []
        for try await results in group { if let results { all.append(results) } }
        return all
    }
}

/// The built-in filters' settings may be changed while other threads apply the filter: no data
/// race (this suite runs under ThreadSanitizer in `scripts/test`), and every call sees one
/// consistent set of settings, from before or after a change.
@Suite("Filter settings changed while the filter is shared (concurrent)")
struct FilterSettingsConcurrencyTests {
    struct Pair: Sendable, Equatable {
        var a = 0
        var b = 0
    }

    @Test("a snapshot cell never shows half of a change, and keeps only snapshots that were read")
    func cellSnapshots() async throws {
        let cell = SnapshotCell<FrozenSettings<Pair>>(Pair())
        for index in 1...100 { cell.update { $0 = Pair(a: index, b: -index) } }
        #expect(cell.retiredCount == 0, "changes before the first use keep nothing")
        let results = try await readWhileWriting(
            writes: 2000,
            write: { index in
                cell.update {
                    $0.a = index + 1
                    $0.b = -(index + 1)
                }
            },
            read: { cell.withSnapshot { $0.settings } })
        #expect(results.count == 4)
        for reads in results {
            #expect(reads.allSatisfy { $0.a + $0.b == 0 })
            // One reader's later reads never go back to older settings.
            #expect(zip(reads, reads.dropFirst()).allSatisfy { $0.a <= $1.a })
        }
        #expect(cell.withSnapshot { $0.settings } == Pair(a: 2000, b: -2000))
        #expect(cell.retiredCount <= 2000)
    }

    @Test("a replaced snapshot lives as long as the cell (a reader may still borrow it), and no longer")
    func retiredSnapshotLifetime() {
        weak var first: FrozenSettings<Pair>?
        weak var second: FrozenSettings<Pair>?
        do {
            let cell = SnapshotCell<FrozenSettings<Pair>>(Pair())
            cell.withSnapshot { first = $0 }
            cell.update { $0.a = 1 }
            #expect(first != nil, "kept after the change")
            #expect(first?.settings == Pair())
            cell.withSnapshot { second = $0 }
            #expect(second?.settings == Pair(a: 1, b: 0))
            #expect(cell.retiredCount == 1)
        }
        #expect(first == nil, "freed with the cell")
        #expect(second == nil, "freed with the cell")
    }

    @Test("every call of a shared chain of reconfigured filters gives an output of some whole configuration")
    func reconfiguredChain() async throws {
        let lower = CharCaseFilter(.lowercase)
        let replace = ReplaceFilter(.replaceString(searchStr: "ø", replacementStr: "oe"))
        let callback = CallbackFilter { $0.callback = { $0 } }
        let normalize = UnicodeNormalizationFilter(.nfc)
        let strip = StripInvisiblesFilter(keepsWhitespaceControls: true)
        let chain = FilterChain() <~~ strip <~~ normalize <~~ callback <~~ replace <~~ lower
        let input = "Zoë\t\u{200B}Ørsted ø"
        let reverse: CallbackFilter.Callback = { ($0 as? String).map { String($0.reversed()) } }

        // Every output a whole configuration gives, computed on one thread with fresh filters,
        // as scalars (String's == would not tell NFC from NFD).
        func scalars(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }
        var allowed: Set<[UInt32]> = []
        for bits in 0..<32 {
            let chain =
                FilterChain()
                <~~ StripInvisiblesFilter(keepsWhitespaceControls: bits & 1 == 0)
                <~~ UnicodeNormalizationFilter(bits & 2 == 0 ? .nfc : .nfd)
                <~~ CallbackFilter { $0.callback = bits & 4 == 0 ? { $0 } : reverse }
                <~~ ReplaceFilter(.replaceString(searchStr: bits & 8 == 0 ? "ø" : "t", replacementStr: "oe"))
                <~~ CharCaseFilter(bits & 16 == 0 ? .lowercase : .uppercase)
            if let output = try chain.apply(to: input) { allowed.insert(scalars(output)) }
        }
        #expect(allowed.count == 32)

        let results = try await readWhileWriting(
            write: { index in
                let on = index % 2 == 0
                switch index % 5 {
                case 0: strip.keepsWhitespaceControls = !on
                case 1: normalize.form = on ? .nfd : .nfc
                case 2: callback.callback = on ? reverse : { $0 }
                case 3:
                    replace.replaceType = .replaceString(searchStr: on ? "t" : "ø", replacementStr: "oe")
                default: lower.charCase = on ? .uppercase : .lowercase
                }
            },
            read: {
                let typed = try chain.apply(to: input)
                let generic: String? = try chain.filter(input, nil)
                return [typed, generic]
            })
        for outputs in results {
            for output in outputs.joined() {
                #expect(output.map { allowed.contains(scalars($0)) } == true, "\(String(describing: output))")
            }
        }
        // After the writer, each filter's last setting holds: tab kept (index 295), NFD (296),
        // no reversal (297), "t" replaced (298), lower case (299).
        #expect(lower.charCase == .lowercase)
        #expect(try chain.apply(to: input).map(scalars) == scalars("zoe\u{308}\tørsoeed ø"))
    }

    @Test("a shared RegexReplaceFilter whose template changes replaces every match of a value alike")
    func regexTemplateChanges() async throws {
        let filter = RegexReplaceFilter(pattern: #"(\d+)"#, replacement: "<$1>")
        let input = "a1 ü22 ß333 ٣"
        let allowed: Set<String> = ["a<1> ü<22> ß<333> <٣>", "a[1] ü[22] ß[333] [٣]", "a# ü# ß# #"]
        let results = try await readWhileWriting(
            write: { index in filter.replacement = ["[$1]", "#", "<$1>"][index % 3] },
            read: {
                var bytes: [UInt8] = []
                try Array(input.utf8).withUnsafeBufferPointer { try filter.apply(utf8: $0, to: &bytes) }
                return [try filter.apply(to: input), String(decoding: bytes, as: UTF8.self)]
            })
        for outputs in results {
            for output in outputs.joined() {
                #expect(output.map(allowed.contains) == true, "\(String(describing: output))")
            }
        }
        #expect(try filter.apply(to: input) == "a<1> ü<22> ß<333> <٣>")  // the last write: index 299
    }

    @Test("a chain that grows while shared runs, on each call, the filters it had when the call began")
    func chainGrows() async throws {
        let chain = FilterChain() <~~ TrimFilter()
        let digits = (1...300).map { String($0 % 10) }.joined()
        let results = try await readWhileWriting(
            write: { index in chain <~~ AppendFilter(text: String((index + 1) % 10)) },
            read: { try chain.apply(to: " x ") ?? "nil" })
        for outputs in results {
            #expect(outputs.allSatisfy { $0.hasPrefix("x") && digits.hasPrefix($0.dropFirst()) })
            #expect(zip(outputs, outputs.dropFirst()).allSatisfy { $0.count <= $1.count })
        }
        #expect(chain.filters.count == 301)
        #expect(try chain.apply(to: " x ") == "x" + digits)
        #expect(chain.retiredListCount <= 300)
    }
}
