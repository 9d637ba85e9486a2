/// Strings laid out for the C loops: every string's UTF-8 one after another in one buffer,
/// string `i` at bytes `offsets[i]..<offsets[i + 1]`.
///
/// Built once, before any timing: the C loop gets its bytes ready-made, which is part of what
/// makes it the speed limit.
struct ByteArena {
    let bytes: [UInt8]
    let offsets: [Int]

    init(_ strings: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(strings.reduce(0) { $0 + $1.utf8.count })
        var offsets = [0]
        offsets.reserveCapacity(strings.count + 1)
        for string in strings {
            bytes.append(contentsOf: string.utf8)
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    var count: Int { offsets.count - 1 }
}

/// The outputs of a C substitution loop, in the same layout as ``ByteArena``.
struct OutputArena {
    var bytes: [UInt8]
    var offsets: [Int]

    init(count: Int, capacity: Int) {
        bytes = [UInt8](repeating: 0, count: capacity)
        offsets = [Int](repeating: 0, count: count + 1)
    }

    /// Output `index` as bytes.
    func output(_ index: Int) -> ArraySlice<UInt8> {
        bytes[offsets[index]..<offsets[index + 1]]
    }
}
