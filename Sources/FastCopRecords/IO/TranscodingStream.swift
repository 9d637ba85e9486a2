#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text in another encoding, transcoded to UTF-8 as it is read, with `iconv(3)` (glibc's, part
/// of libc): a chunk of the source at a time, never the whole input.
///
/// A byte that the encoding has no character for (0x81 in Windows-1252, a lone UTF-16
/// surrogate) is an error that names its offset and line; nothing is dropped or replaced.
final class TranscodingStream: ByteStream {
    private static let chunkSize = 256 * 1024

    private let source: any ByteStream
    private let name: String
    private let encoding: TextEncoding
    private let converter: iconv_t
    /// Source bytes not yet converted: `input[inputStart..<inputEnd]`.
    private var input: UnsafeMutablePointer<UInt8>
    private var inputStart = 0
    private var inputEnd = 0
    /// UTF-8 not yet handed out: `output[outputStart..<outputEnd]`.
    private var output: UnsafeMutablePointer<UInt8>
    private var outputStart = 0
    private var outputEnd = 0
    private var sourceEnded = false
    /// Source bytes before `input[0]`, and line breaks written so far (for the error).
    private var inputOffset = 0
    private var newlines = 0

    /// - Throws: ``RecordsError`` when iconv cannot convert from `encoding` on this system.
    init(source: any ByteStream, encoding: TextEncoding, iconvName: String, name: String) throws {
        let converter = iconv_open("UTF-8", iconvName)
        guard Int(bitPattern: converter) != -1, let converter else {
            throw RecordsError(
                "\(name): this system's iconv cannot convert from \(encoding.rawValue) (\(iconvName)):"
                    + " \(SystemError.describe(errno))")
        }
        self.source = source
        self.encoding = encoding
        self.name = name
        self.converter = converter
        input = .allocate(capacity: Self.chunkSize)
        // Each source byte becomes at most 3 bytes of UTF-8 (a UTF-16 pair, 4 bytes, becomes 4).
        output = .allocate(capacity: Self.chunkSize * 3)
    }

    deinit {
        iconv_close(converter)
        input.deallocate()
        output.deallocate()
    }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        guard count > 0 else { return 0 }
        while outputStart == outputEnd {
            outputStart = 0
            outputEnd = 0
            try refill()
            if inputStart == inputEnd && sourceEnded { return 0 }
            try convert()
        }
        let available = min(count, outputEnd - outputStart)
        buffer.copyMemory(from: output + outputStart, byteCount: available)
        outputStart += available
        return available
    }

    /// Moves the unconverted bytes to the front and reads more after them.
    private func refill() throws {
        guard !sourceEnded else { return }
        if inputStart > 0 {
            let pending = inputEnd - inputStart
            if pending > 0 { input.update(from: input + inputStart, count: pending) }
            inputOffset += inputStart
            inputStart = 0
            inputEnd = pending
        }
        let read = try source.read(into: input + inputEnd, count: Self.chunkSize - inputEnd)
        if read == 0 { sourceEnded = true }
        inputEnd += read
    }

    /// Converts as much of the pending input as fits in the output buffer.
    private func convert() throws {
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(input + inputStart)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = inputEnd - inputStart
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(output + outputEnd)
            .assumingMemoryBound(to: CChar.self)
        var outLeft = Self.chunkSize * 3 - outputEnd
        let before = inLeft
        let outBefore = outLeft
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        let failure = errno
        inputStart += before - inLeft
        let produced = outBefore - outLeft
        for index in outputEnd..<(outputEnd + produced) where output[index] == ASCII.newline { newlines += 1 }
        outputEnd += produced
        guard result == -1 else { return }
        switch failure {
        case E2BIG:
            return  // the output buffer is full: hand it out first
        case EINVAL:
            // A character cut at the end of the chunk: read the rest of it, unless there is none.
            guard sourceEnded else { return }
            throw RecordsError(
                "\(name): the input ends in the middle of a \(encoding.rawValue) character"
                    + " (byte offset \(inputOffset + inputStart), line \(newlines + 1))")
        default:
            let byte = input[inputStart]
            let hex = "0x" + String(byte, radix: 16, uppercase: true)
            throw RecordsError(
                "\(name): byte \(hex) at byte offset \(inputOffset + inputStart) (line \(newlines + 1)) is not"
                    + " \(encoding.rawValue) text; is the --encoding right?")
        }
    }
}
